// Planted for test/contract/bff-folders.spec.ts: a type import and a dynamic import, read as imports.
import type { JointMoveShape } from '../../../../bff/payments/lifecycle/joint-moves.ts';

export const later = () => import('../../../../bff/sinpe/matcher.ts');
export type Planted = JointMoveShape;
