// Public API of study groups (docs/analysis.md §5): which units rise in a flexibility analysis,
// the default rule, and the catalogue a study-group picker reads.
export type {
  RenewableFacts,
  StudyGroupChoice,
  StudyGroupKind,
  StudyGroupReasonCode,
} from './resolve';
export {
  headroomIsMeaningful,
  MEANINGFUL_HEADROOM_MW,
  MEANINGFUL_HEADROOM_SHARE,
  RENEWABLE_FUELS,
  resolveStudyGroup,
} from './resolve';
export type { CatalogOption, GeneratorCatalog } from './catalog';
export { generatorCatalog } from './catalog';
