import type { ConstraintSummary, FlexibilityFigureName } from '@holgura/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { constraintPageQueryOptions, type CaseResult } from '../api/result-parts';

/** A level's pages read at most to find a constraint (25 a page: 500 constraints). */
export const MAX_LOCATE_PAGES = 20;

/**
 * The page (0-based) of a level that holds `target`, reading the level's pages in order as the
 * table would (they stay in the query cache, so the table shows the found one at once). Pages
 * are in ranking order, so the search stops at a page that ends below the target's ranking.
 * null when it is not found.
 */
export async function findConstraintPage(
  queryClient: QueryClient,
  result: CaseResult,
  figure: FlexibilityFigureName,
  level: number,
  pageSize: number,
  target: Pick<ConstraintSummary, 'id' | 'ranking'>,
): Promise<number | null> {
  for (let page = 1; page <= MAX_LOCATE_PAGES; page++) {
    const answer = await queryClient.fetchQuery(
      constraintPageQueryOptions(result, figure, level, page, pageSize),
    );
    if (answer.constraints.some((item) => item.id === target.id)) return page - 1;
    const last = answer.constraints.at(-1);
    if (last === undefined || page * pageSize >= answer.total || last.ranking < target.ranking) {
      return null;
    }
  }
  return null;
}
