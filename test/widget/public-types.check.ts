// Type-level check, run by `npm run typecheck` (no test runner): the element and its events, as the
// widget implements them, still fit the published API (widget/svc-checkout.public.d.ts). A member
// renamed, retyped or removed in the widget makes one of these assignments a type error.
import type * as Published from '../../widget/svc-checkout.public.d.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import type * as Events from '../../widget/events.ts';
import type { SvcLapsedEvent } from '../../widget/outcome/lapsed-event.ts';
import type { CheckoutState } from '../../widget/flow/checkout-state.ts';

type Fits<Implemented extends Public, Public> = [Implemented, Public];

export type PublishedApiFits = [
  Fits<SvcCheckout, Published.SvcCheckout>,
  Fits<CheckoutState, Published.CheckoutState>,
  Fits<Published.CheckoutState, CheckoutState>,
  Fits<Events.SvcErrorCode, Published.SvcErrorCode>,
  Fits<Published.SvcErrorCode, Events.SvcErrorCode>,
  Fits<Events.SvcReadyEvent, Published.SvcReadyEvent>,
  Fits<Events.SvcSubmitEvent, Published.SvcSubmitEvent>,
  Fits<Events.SvcRedirectEvent, Published.SvcRedirectEvent>,
  Fits<Events.SvcStatusEvent, Published.SvcStatusEvent>,
  Fits<Events.SvcApprovedEvent, Published.SvcApprovedEvent>,
  Fits<Events.SvcDeclinedEvent, Published.SvcDeclinedEvent>,
  Fits<Events.SvcMethodChangeEvent, Published.SvcMethodChangeEvent>,
  Fits<Events.SvcDeclineCategory, Published.SvcDeclineCategory>,
  Fits<Published.SvcDeclineCategory, Events.SvcDeclineCategory>,
  Fits<SvcLapsedEvent, Published.SvcLapsedEvent>,
  Fits<typeof SvcLapsedEvent, typeof Published.SvcLapsedEvent>,
  Fits<Events.SvcCancelledEvent, Published.SvcCancelledEvent>,
  Fits<Events.SvcSinpePendingEvent, Published.SvcSinpePendingEvent>,
  Fits<Events.SvcErrorEvent, Published.SvcErrorEvent>,
  Fits<typeof Events.SvcErrorEvent, typeof Published.SvcErrorEvent>,
];
