import type { Warning } from '../model/network';

/**
 * Longest bus name kept, in characters. PSS/E names are 12 characters (v33) to 40 (v35 long
 * names); a longer one is a broken or hostile file: a 180 KB name, copied into every branch name
 * that ends at the bus, once cost 1.3 GB and failed the job.
 */
export const MAX_NAME_CHARS = 60;
/** Warnings listed bus by bus; past this many, one more says how many others there were. */
const MAX_NAME_WARNINGS = 50;

// Control characters (a newline, a tab, NUL …) have no place in a name shown in a table or a
// CSV cell: each becomes a space.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * Every bus name as a table can show it: control characters as spaces, trimmed, at most
 * MAX_NAME_CHARS characters. A name changed by more than trimming gets a
 * warning naming its bus (the first MAX_NAME_WARNINGS of them, then a count).
 */
export function sanitiseBusNames(
  names: string[],
  busNumbers: ArrayLike<number>,
  warnings: Warning[],
): void {
  let reported = 0;
  let unreported = 0;
  for (let i = 0; i < names.length; i++) {
    const raw = names[i];
    const spaced = raw.replace(CONTROL, ' ').trim();
    const chars = [...spaced];
    const name =
      chars.length > MAX_NAME_CHARS ? chars.slice(0, MAX_NAME_CHARS).join('').trimEnd() : spaced;
    names[i] = name;
    if (name === raw.trim()) continue;
    const why =
      chars.length > MAX_NAME_CHARS
        ? `its name had ${chars.length} characters: kept the first ${MAX_NAME_CHARS}`
        : 'its name had control characters (a line break, a tab …): replaced by spaces';
    if (reported < MAX_NAME_WARNINGS) {
      warnings.push({ code: 'PARSE_BUS_NAME_SANITISED', message: `bus ${busNumbers[i]}: ${why}` });
      reported++;
    } else {
      unreported++;
    }
  }
  if (unreported > 0) {
    warnings.push({
      code: 'PARSE_BUS_NAME_SANITISED',
      message: `${unreported} more bus names shortened or cleaned the same way`,
    });
  }
}
