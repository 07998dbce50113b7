import { studyFileSchema, studyProblemWords } from '@holgura/contracts';
import { spanishStudyIssues, studyIssueProblems } from './study-issues';
import { fileProblem, problemAtField } from './study-problem';
import { failed, tooLarge, type StudyRead } from './study-read';

const words = studyProblemWords.json;

/**
 * Reads a study sent as JSON, with the same result as a workbook: problems name the field as
 * `describeStudyErrors` does (`scenarios.1.name: …`), a syntax error names its line and column.
 */
export function readStudyJson(bytes: Uint8Array): StudyRead {
  const oversize = tooLarge(bytes);
  if (oversize !== null) return failed([oversize]);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return failed([fileProblem('STUDY_JSON_SYNTAX', words.notUtf8)]);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return failed([fileProblem('STUDY_JSON_SYNTAX', syntaxMessage(text, error))]);
  }

  const parsed = studyFileSchema.safeParse(data, { error: spanishStudyIssues });
  if (parsed.success) {
    return {
      ok: true,
      study: parsed.data,
      locate: () => null,
      describeAt: (path, detail, code = 'STUDY_FIELD_INVALID') =>
        problemAtField(code, path, detail),
    };
  }
  return failed(
    studyIssueProblems(parsed.error, data).map(({ path, detail }) =>
      problemAtField('STUDY_FIELD_INVALID', path, detail),
    ),
  );
}

/** V8 says "… in JSON at position 42 (line 3 column 5)"; older engines only the position. */
function syntaxMessage(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  const position = /position (\d+)/.exec(message);
  let place: { line: number; column: number } | null = null;
  if (lineColumn !== null) place = { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  else if (position !== null) {
    const before = text.slice(0, Number(position[1])).split('\n');
    place = { line: before.length, column: before[before.length - 1]!.length + 1 };
  }
  if (place !== null) {
    return words.syntaxAt(place.line, place.column);
  }
  const token = /Unexpected token '(.{1,10}?)'/.exec(message);
  if (token !== null) {
    return words.unexpectedToken(token[1]!);
  }
  if (/end of (JSON|data)/i.test(message)) {
    return words.endsEarly;
  }
  return words.invalid;
}
