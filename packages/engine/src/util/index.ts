export { assert, assertLength, assertNever } from './assert';
export { EngineError, isEngineError } from './engine-error';
export type { EngineErrorCode, EngineErrorPosition, LimitExceeded } from './engine-error';
export { fillRange, invertPermutation, maxAbs } from './typed-arrays';
