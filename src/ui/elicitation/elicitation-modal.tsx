import { Box, Text } from "ink";
import { useMemo, useRef, useState } from "react";
import { keyLabel } from "../../config/keymap.js";
import { hyperlink, webLinkTarget } from "../../markdown/hyperlink.js";
import { capLineLength } from "../../markdown/wrap.js";
import { submitForm, type FormField, type FormValue } from "../../state/elicitation-form.js";
import type { ElicitationDecision, ElicitationView } from "../../state/elicitation-view.js";
import { KEY_LAYER, useKeyMatcher, useKeymap, useKeys } from "../keys/key-router.js";
import { isPlainText } from "../permission/modal-keys.js";
import { digitIndex } from "../permission/option-keys.js";

/** Props of {@link ElicitationModal}. */
export interface ElicitationModalProps {
  /** Open elicitations, oldest first; the modal answers the first one. */
  readonly requests: readonly ElicitationView[];
  readonly onDecide: (key: string, decision: ElicitationDecision) => void;
  readonly width: number;
  /** Opens a URL in the desktop's browser (`xdg-open` / `open`); without it the link is only shown. */
  readonly openUrl?: (url: string) => void;
}

/**
 * An agent asks the user (`elicitation/create`): a form to fill (the permission modal's key conventions:
 * arrows move, Enter submits, 1–9 pick a choice of a one-question form, Esc cancels), or a URL to open.
 */
export function ElicitationModal({ requests, onDecide, width, openUrl }: ElicitationModalProps) {
  const request = requests[0];
  if (!request) return null;
  const decide = (decision: ElicitationDecision) => onDecide(request.key, decision);
  return request.kind === "url" ? (
    <UrlPanel key={request.key} request={request} decide={decide} width={width} {...(openUrl ? { openUrl } : {})} />
  ) : (
    <FormPanel key={request.key} request={request} decide={decide} width={width} />
  );
}

/** A row the cursor can be on: a field (text, number, boolean), one choice of a select, or a button. */
type Row =
  | { readonly type: "field"; readonly field: FormField }
  | { readonly type: "choice"; readonly field: FormField; readonly value: string; readonly title: string }
  | { readonly type: "submit" }
  | { readonly type: "decline" };

function rowsOf(fields: readonly FormField[]): Row[] {
  const rows: Row[] = [];
  for (const field of fields) {
    if (field.kind === "select" || field.kind === "multi")
      for (const choice of field.choices)
        rows.push({ type: "choice", field, value: choice.value, title: choice.title });
    else rows.push({ type: "field", field });
  }
  rows.push({ type: "submit" }, { type: "decline" });
  return rows;
}

function Frame({ width, children }: { width: number; children: React.ReactNode }) {
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor="cyan" paddingX={1}>
      {children}
    </Box>
  );
}

function FormPanel(props: {
  request: Extract<ElicitationView, { kind: "form" }>;
  decide: (decision: ElicitationDecision) => void;
  width: number;
}) {
  const { request, width } = props;
  const { fields } = request;
  const rows = useMemo(() => rowsOf(fields), [fields]);
  // Read by the key handler: several keys can arrive in one stdin chunk, before React re-renders.
  const [view, setView] = useState(() => ({ cursor: 0, values: request.initialValues }));
  const state = useRef(view);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const answered = useRef(false);
  const matches = useKeyMatcher();
  const keymap = useKeymap();
  const oneQuestion = fields.length === 1 && fields[0]!.kind === "select" ? fields[0] : undefined;

  const update = (change: Partial<typeof state.current>) => {
    state.current = { ...state.current, ...change };
    setView(state.current);
  };
  const answer = (decision: ElicitationDecision) => {
    if (answered.current) return;
    answered.current = true;
    props.decide(decision);
  };
  const setValue = (key: string, value: FormValue) => update({ values: { ...state.current.values, [key]: value } });
  const pick = (row: Extract<Row, { type: "choice" }>) => {
    const current = state.current.values[row.field.key];
    if (row.field.kind === "multi") {
      const chosen = Array.isArray(current) ? current : [];
      setValue(
        row.field.key,
        chosen.includes(row.value) ? chosen.filter((v) => v !== row.value) : [...chosen, row.value],
      );
    } else setValue(row.field.key, row.value);
  };
  const submit = () => {
    const checked = submitForm(fields, state.current.values);
    if ("problems" in checked) setProblems(checked.problems);
    else answer({ type: "accept", content: checked.content });
  };

  useKeys(KEY_LAYER.modal, (press) => {
    if (answered.current) return true;
    const row = rows[state.current.cursor]!;
    if (matches("modal.cancel", press)) answer({ type: "cancel" });
    else if (matches("modal.up", press)) update({ cursor: (state.current.cursor - 1 + rows.length) % rows.length });
    else if (matches("modal.down", press) || (press.key.tab && !press.key.shift))
      update({ cursor: (state.current.cursor + 1) % rows.length });
    else if (matches("modal.choose", press)) {
      if (row.type === "decline") answer({ type: "decline" });
      else {
        if (row.type === "choice" && row.field.kind === "select") pick(row);
        submit();
      }
    } else if (oneQuestion && digitIndex(press.input) !== undefined && !press.key.ctrl && !press.key.meta) {
      const choice = oneQuestion.kind === "select" ? oneQuestion.choices[digitIndex(press.input)!] : undefined;
      if (choice) {
        setValue(oneQuestion.key, choice.value);
        submit();
      }
    } else if (press.input === " " && row.type === "choice") pick(row);
    else if (press.input === " " && row.type === "field" && row.field.kind === "boolean")
      setValue(row.field.key, state.current.values[row.field.key] !== true);
    else if (row.type === "field" && (row.field.kind === "text" || row.field.kind === "number")) {
      const text = String(state.current.values[row.field.key] ?? "");
      if (press.key.backspace || press.key.delete) setValue(row.field.key, text.slice(0, -1));
      else if (isPlainText(press)) setValue(row.field.key, text + press.input.replace(/[\r\n]/g, ""));
    } else return isPlainText(press);
    return true;
  });

  const inner = Math.max(10, width - 4);
  const { cursor, values } = view;
  const line = (text: string) => capLineLength(text, inner);
  return (
    <Frame width={width}>
      <Text bold>{line(request.message)}</Text>
      {rows.map((row, index) => {
        const at = index === cursor ? "› " : "  ";
        const previous = rows[index - 1];
        const heading =
          row.type === "choice" && !(previous?.type === "choice" && previous.field.key === row.field.key) ? (
            <Text key={`${row.field.key}-title`}>
              {line(
                `${row.field.title}${row.field.required ? " *" : ""}${problems[row.field.key] ? ` — ${problems[row.field.key]}` : ""}`,
              )}
            </Text>
          ) : null;
        if (row.type === "choice") {
          const value = values[row.field.key];
          const on = Array.isArray(value) ? value.includes(row.value) : value === row.value;
          const mark = row.field.kind === "multi" ? (on ? "[x]" : "[ ]") : on ? "(•)" : "( )";
          const number = oneQuestion ? `${rows.indexOf(row) + 1} ` : "";
          return (
            <Box key={`${row.field.key}=${row.value}`} flexDirection="column">
              {heading}
              <Text color={index === cursor ? "cyan" : undefined}>{line(`${at}${number}${mark} ${row.title}`)}</Text>
            </Box>
          );
        }
        if (row.type === "field") {
          const { field } = row;
          const value = values[field.key];
          const shown =
            field.kind === "boolean"
              ? value === true
                ? "[x]"
                : "[ ]"
              : `${String(value ?? "")}${index === cursor ? "▏" : ""}`;
          const problem = problems[field.key] ? ` — ${problems[field.key]}` : "";
          return (
            <Text key={field.key} color={index === cursor ? "cyan" : undefined}>
              {line(`${at}${field.title}${field.required ? " *" : ""}: ${shown}${problem}`)}
            </Text>
          );
        }
        return (
          <Text key={row.type} color={index === cursor ? "cyan" : undefined} dimColor={index !== cursor}>
            {line(`${at}${row.type === "submit" ? "Submit" : "Decline"}`)}
          </Text>
        );
      })}
      <Text dimColor>
        {line(
          `↑↓ move · space pick · ${keyLabel(keymap, "modal.choose")} submit${oneQuestion ? ` · 1-${Math.min(9, oneQuestion.kind === "select" ? oneQuestion.choices.length : 0)} pick` : ""} · ${keyLabel(keymap, "modal.cancel")} cancel`,
        )}
      </Text>
    </Frame>
  );
}

function UrlPanel(props: {
  request: Extract<ElicitationView, { kind: "url" }>;
  decide: (decision: ElicitationDecision) => void;
  width: number;
  openUrl?: (url: string) => void;
}) {
  const { request, width, openUrl } = props;
  const answered = useRef(false);
  const matches = useKeyMatcher();
  const keymap = useKeymap();
  const answer = (decision: ElicitationDecision) => {
    if (answered.current) return;
    answered.current = true;
    props.decide(decision);
  };
  const { url } = request;
  // Only web links are clickable (OSC 8) or handed to the opener: a `file:` or custom scheme from an agent is
  // not ours to run.
  const target = webLinkTarget(url);
  useKeys(KEY_LAYER.modal, (press) => {
    if (answered.current) return true;
    if (matches("modal.cancel", press)) answer({ type: "cancel" });
    else if (press.input === "o" || matches("modal.choose", press)) {
      if (press.input === "o" && target) openUrl?.(target);
      answer({ type: "accept" });
    } else if (press.input === "n") answer({ type: "decline" });
    else return isPlainText(press);
    return true;
  });
  const inner = Math.max(10, width - 4);
  return (
    <Frame width={width}>
      <Text bold>{capLineLength(request.message, inner)}</Text>
      <Text color="blue" underline wrap="wrap">
        {target ? hyperlink(url, target) : url}
      </Text>
      <Text dimColor>
        {capLineLength(
          `o open in the browser · ${keyLabel(keymap, "modal.choose")} done, I opened it · n decline · ${keyLabel(keymap, "modal.cancel")} cancel`,
          inner,
        )}
      </Text>
    </Frame>
  );
}

/** Lines the modal takes for the first request (its border included), for the pane's line budget. */
export function elicitationModalRows(requests: readonly ElicitationView[], width: number): number {
  const request = requests[0];
  if (!request) return 0;
  if (request.kind === "url") return 4 + Math.ceil(request.url.length / Math.max(10, width - 4));
  const { fields } = request;
  const headings = fields.filter((field) => field.kind === "select" || field.kind === "multi").length;
  return 4 + headings + rowsOf(fields).length;
}
