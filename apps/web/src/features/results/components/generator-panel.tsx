import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { busbarCaseQueryOptions } from '../api/results';
import type { ResultCard } from '../model';
import { GeneratorChart } from './generator-chart';

const t = esResultsGenerators;

/**
 * The generator sensitivity chart of the selected card: its busbar case's stored result
 * (`GET /api/cases/{id}/data`, the limiting constraint's plants), read only for that card.
 */
export function GeneratorPanel({ userKey, card }: { userKey: string; card: ResultCard }) {
  const query = useQuery(busbarCaseQueryOptions(userKey, card.id));
  if (query.isPending) return <Spinner label={t.loading} className="flex-row py-3" />;
  if (query.isError) {
    const message =
      query.error instanceof ApiClientError ? query.error.message : es.analysis.upload.unknownError;
    return <Notice tone="error">{t.loadFailed(message)}</Notice>;
  }
  if (query.data === null) return <Notice tone="warning">{t.missing}</Notice>;
  return <GeneratorChart key={card.id} capacity={query.data} caseName={card.caseName} />;
}
