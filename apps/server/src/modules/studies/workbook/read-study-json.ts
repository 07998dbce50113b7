import { studyFileSchema } from '@holgura/contracts';
import { spanishStudyIssues, studyIssueProblems } from './study-issues';
import { fileProblem, problemAtField } from './study-problem';
import { failed, tooLarge, type StudyRead } from './study-read';

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
    return failed([
      fileProblem('STUDY_JSON_SYNTAX', 'El archivo no es texto UTF-8: guárdalo como JSON en UTF-8'),
    ]);
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
    return `El JSON no es válido en la línea ${place.line}, columna ${place.column}: revisa comas, comillas y llaves`;
  }
  const token = /Unexpected token '(.{1,10}?)'/.exec(message);
  if (token !== null) {
    return `El JSON no es válido: hay un «${token[1]}» donde no corresponde; revisa comas, comillas y llaves`;
  }
  if (/end of (JSON|data)/i.test(message)) {
    return 'El JSON no es válido: el archivo termina antes de tiempo (¿falta cerrar una llave o un corchete?)';
  }
  return 'El JSON no es válido: revisa comas, comillas y llaves';
}
