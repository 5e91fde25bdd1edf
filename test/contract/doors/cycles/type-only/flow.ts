// planted: a controller that loads its own step lazily.
export class Flow {
  step = () => import('./step.ts');
}
