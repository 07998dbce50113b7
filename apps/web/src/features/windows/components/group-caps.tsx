import type { WindowResultView, WindowRuleName } from '@holgura/contracts';
import { Card } from '../../../components/ui/card';
import { esWindows } from '../../../strings/es-windows';
import { formatMw } from '../../../utils/format';
import { mwText } from '../model/explanation';

const t = esWindows.view;

/**
 * «Grupos de barras»: requests held back by one constraint under the selected rule, and what
 * they hold together at its limit.
 */
export function GroupCaps({ result, rule }: { result: WindowResultView; rule: WindowRuleName }) {
  const ruleResult = result.rules[rule];
  if (!ruleResult.ok) return null;
  const groups = ruleResult.groups;
  return (
    <Card level={3} titleId="ventana-grupos" title={t.groupsTitle} subtitle={t.groupsIntro}>
      {groups.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t.noGroups}</p>
      ) : (
        <ul className="mt-3 space-y-3" data-testid="window-groups">
          {groups.map((group) => (
            <li
              // With the contingency's name: a set's contingency of several elements has no branch
              // number, and two of them may bind on the same element.
              key={`${group.scenario ?? ''}:${group.year ?? 0}:${group.monitored}:${group.contingency ?? 0}:${group.contingencyName ?? ''}`}
              className="rounded-xl border border-slate-200 p-3 text-sm"
            >
              <p className="font-semibold text-slate-900">{t.groupCap(mwText(group.awardedMw))}</p>
              <p className="text-slate-800">
                {t.groupConstraint(
                  group.monitoredName,
                  group.contingencyName,
                  formatMw(group.limitMw),
                )}
                {group.scenario != null && group.year != null
                  ? t.groupCase(group.scenario, group.year)
                  : ''}
              </p>
              <p className="text-slate-600">
                {t.groupMembers(
                  group.buses.join(', '),
                  group.requestIds.join(', '),
                  mwText(group.requestedMw),
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
