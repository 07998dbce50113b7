import {
  problemAt,
  type CellRef,
  type StudyPath,
  type StudyProblem,
  type StudyProblemCode,
} from './study-problem';

/**
 * Where each field of a study read from a workbook came from. The reader registers every value
 * it places (`['busbars', 2]` → Barras!A4) and every list (`['busbars']` → column A of Barras),
 * so a problem found later — by the schema, or by the server against the network — names the
 * cell. A path with no place of its own falls back to its nearest registered ancestor: an
 * interchange's missing field names the interchange's row.
 */
export class StudyLocator {
  private readonly refs = new Map<string, CellRef>();

  set(path: StudyPath, ref: CellRef): void {
    this.refs.set(keyOf(path), ref);
  }

  locate(path: StudyPath): CellRef | null {
    for (let length = path.length; length > 0; length--) {
      const ref = this.refs.get(keyOf(path.slice(0, length)));
      if (ref !== undefined) return ref;
    }
    return null;
  }

  /** `Hoja «Barras», fila 4, celda A4: La barra 99999 no está en el caso`. */
  describeAt(
    path: StudyPath,
    detail: string,
    code: StudyProblemCode = 'STUDY_FIELD_INVALID',
  ): StudyProblem {
    return problemAt(code, this.locate(path), detail, path);
  }
}

function keyOf(path: StudyPath): string {
  return JSON.stringify(path);
}
