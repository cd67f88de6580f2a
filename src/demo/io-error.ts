import { errorMessage } from "../common/error-message.js";
/** Rust's `std::io::Error` display text for the errno values the demo can hit. */
const RUST_IO_TEXT: Readonly<Record<string, string>> = {
  ENOENT: "No such file or directory (os error 2)",
  EACCES: "Permission denied (os error 13)",
  EPERM: "Operation not permitted (os error 1)",
  EEXIST: "File exists (os error 17)",
  ENOTDIR: "Not a directory (os error 20)",
  EISDIR: "Is a directory (os error 21)",
  ENOSPC: "No space left on device (os error 28)",
  EROFS: "Read-only file system (os error 30)",
  ELOOP: "Too many levels of symbolic links (os error 40)",
  ENAMETOOLONG: "File name too long (os error 36)",
};

/**
 * Words a Node fs error the way ZeroClaw's messages show an io error (`… (os error 2)`), so error strings
 * such as `cwd is not a usable directory (<path>): <error>` read the same as the real server's.
 */
export function ioErrorText(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined && Object.hasOwn(RUST_IO_TEXT, code)) return RUST_IO_TEXT[code]!;
  return errorMessage(error);
}
