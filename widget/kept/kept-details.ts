// Which typed details an order's form starts from (form-keeper.ts holds them): its own kept form,
// else, on a storefront (catalog) page, the last form typed in this tab, so that a new order (after
// an approval, or for another cart) carries the shopper's address and invoice request. That carried
// form becomes the new order's own, so the invoice form (loaded later) finds it under its order.
import { keepForm, lastTypedForm, type KeptForm } from './form-keeper.ts';

export function restoredForm(orderNumber: string, ownForm: KeptForm | undefined, isCatalogMode: boolean): KeptForm | undefined {
  if (ownForm || !isCatalogMode) return ownForm;
  const carried = lastTypedForm();
  if (carried) keepForm(orderNumber, carried);
  return carried;
}

