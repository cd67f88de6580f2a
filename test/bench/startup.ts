import { spawnSync } from "node:child_process";
import { figure, type Figure } from "./figures.js";
import { BenchTmux } from "./tmux.js";
import type { BenchContext } from "./context.js";

function timeSpawn(argv: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, argv, { stdio: "ignore" });
  if (result.status !== 0) throw new Error(`${argv.join(" ")} exited ${result.status}`);
  return performance.now() - started;
}

/**
 * Start-up on a real tmux screen (60×30): `zc-pane --demo` until its first frame (any text on the screen)
 * and until interactive (the input line and `ready`), against the minimal Ink app bundled the same way
 * and `node -e 0`; and `zc-pane --version`.
 */
export async function measureStartup(context: BenchContext): Promise<Figure[]> {
  const runs = context.quick ? 3 : 7;
  const tmux = new BenchTmux(60, 30, context.env());
  const hello: number[] = [];
  const first: number[] = [];
  const interactive: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      let started = performance.now();
      tmux.respawn([process.execPath, context.helloBundle]);
      hello.push((await tmux.waitFor((screen) => screen.includes("hello from ink"), 10_000)).at - started);
      started = performance.now();
      tmux.respawn([process.execPath, context.bin, "--demo"]);
      first.push((await tmux.waitFor((screen) => screen.trim() !== "", 10_000)).at - started);
      interactive.push((await tmux.waitFor((screen) => screen.includes("ask the agent") && screen.includes("ready"), 10_000)).at - started);
    }
  } finally {
    tmux.kill();
  }
  const nodeBare: number[] = [];
  const version: number[] = [];
  for (let run = 0; run < runs; run++) {
    nodeBare.push(timeSpawn(["-e", "0"]));
    version.push(timeSpawn([context.bin, "--version"]));
  }
  return [
    figure({ id: "first_frame_ratio", unit: "×", budget: 1.3, better: "lower", samples: first, baseline: { name: "ink hello, esbuild, ms", samples: hello }, value: (m, b) => m / b, note: "start → first frame on a tmux screen ÷ minimal Ink app" }),
    figure({ id: "first_frame_ms", unit: "ms", budget: null, better: "lower", samples: first, baseline: { name: "node -e 0, ms", samples: nodeBare }, note: "start → first frame, absolute" }),
    figure({ id: "interactive_ms", unit: "ms", budget: null, better: "lower", samples: interactive, baseline: { name: "ink hello, ms", samples: hello }, note: "start → session ready, input shown" }),
    figure({ id: "version_ms", unit: "ms", budget: null, better: "lower", samples: version, baseline: { name: "node -e 0, ms", samples: nodeBare }, note: "zc-pane --version" }),
  ];
}
