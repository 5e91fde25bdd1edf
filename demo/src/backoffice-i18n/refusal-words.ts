// What the back office says when the BFF refuses or fails, per language: the problem's `code` (a
// merchant refusal, contract/merchant-api.ts) or, without one, its kind. The BFF's `detail` is
// English for logs and scripts; a person reads these.
import type { AmountRefusalCode, PlainRefusalCode } from '../../../contract/merchant-api.ts';
/** A failure without a refusal code: unreachable, a refused field, not found, a state that does not allow it, the gateway's. */
export type FailureKind = 'unreachable' | 'invalid' | 'not-found' | 'refused' | 'upstream' | 'busy' | 'failed';

export interface RefusalWords {
  /** `upTo`: the most the action takes now, formatted. */
  amount: (code: AmountRefusalCode, upTo: string) => string;
  plain: Record<PlainRefusalCode, string>;
  /** `fields`: the refused fields' labels, already in the page's language; `status`: the HTTP status. */
  failure: (kind: FailureKind, facts: { fields: string; status: number }) => string;
}

export const enRefusals: RefusalWords = {
  amount: (code, upTo) =>
    ({
      'partial-reversal': `A reversal releases the whole authorization (${upTo}); a part cannot be reversed.`,
      'more-than-allowed': `That is more than this action allows now: up to ${upTo}.`,
      'shares-exceed-amount': `The shares add up to more than the order amount of ${upTo}.`,
    })[code],
  plain: {
    'not-in-review': 'This order is no longer in review; reload it to see where it stands.',
    'changed-meanwhile': 'The order changed meanwhile; reload it and try again.',
    'payment-already-settled': 'This bank payment already paid another order.',
    payout: 'A payout pays no order.',
    'payment-not-received': 'The bank has not reported this money as received yet.',
    'payment-reversed': 'The bank reversed this payment.',
    'payment-failed': 'The bank reported this payment as failed: the money is not there.',
    'order-not-payable': 'Only an order that is pending or in review takes a bank payment.',
    'currency-mismatch': 'The payment is in another currency than the order.',
    'amount-mismatch': 'The payment’s amount is not the order’s; the API attaches it only when told to accept that amount.',
    'card-page-unknown': 'The order has a card page open and the gateway could not say whether it was paid; try again later.',
    'card-page-paid': 'The buyer paid the order by card meanwhile; return this bank payment instead.',
    'card-page-open': 'A card payment on the order has not ended yet; try again when it has.',
    'card-attempt-ended': 'The order’s card payment just ended; reload the order.',
  },
  failure: (kind, { fields, status }) =>
    ({
      unreachable: 'The BFF cannot be reached.',
      invalid: `Check ${fields}.`,
      'not-found': 'Not found: it may have been removed; reload the list.',
      refused: 'Not possible in the order’s current state; reload it.',
      upstream: 'The gateway refused the operation; nothing was changed.',
      busy: 'Nothing was done: the service is busy. Try again in a moment.',
      failed: `The request failed (HTTP ${status}).`,
    })[kind],
};

export const esRefusals: RefusalWords = {
  amount: (code, upTo) =>
    ({
      'partial-reversal': `Una anulación libera toda la autorización (${upTo}); no se puede anular una parte.`,
      'more-than-allowed': `Es más de lo que esta acción permite ahora: hasta ${upTo}.`,
      'shares-exceed-amount': `Las partes suman más que el monto del pedido, ${upTo}.`,
    })[code],
  plain: {
    'not-in-review': 'Este pedido ya no está en revisión; recárguelo para ver su estado.',
    'changed-meanwhile': 'El pedido cambió mientras tanto; recárguelo e inténtelo de nuevo.',
    'payment-already-settled': 'Este pago bancario ya pagó otro pedido.',
    payout: 'Un pago saliente no paga ningún pedido.',
    'payment-not-received': 'El banco aún no informó este dinero como recibido.',
    'payment-reversed': 'El banco revirtió este pago.',
    'payment-failed': 'El banco informó este pago como fallido: el dinero no está.',
    'order-not-payable': 'Solo un pedido pendiente o en revisión acepta un pago bancario.',
    'currency-mismatch': 'El pago está en otra moneda que el pedido.',
    'amount-mismatch': 'El monto del pago no es el del pedido; la API lo asocia solo si se le indica aceptar ese monto.',
    'card-page-unknown': 'El pedido tiene una página de pago con tarjeta abierta y la pasarela no pudo decir si se pagó; inténtelo más tarde.',
    'card-page-paid': 'El comprador pagó el pedido con tarjeta mientras tanto; devuelva este pago bancario.',
    'card-page-open': 'Un pago con tarjeta del pedido aún no terminó; inténtelo cuando termine.',
    'card-attempt-ended': 'El pago con tarjeta del pedido acaba de terminar; recargue el pedido.',
  },
  failure: (kind, { fields, status }) =>
    ({
      unreachable: 'No se puede contactar al BFF.',
      invalid: `Revise: ${fields}.`,
      'not-found': 'No se encontró: puede que se haya eliminado; recargue la lista.',
      refused: 'No es posible en el estado actual del pedido; recárguelo.',
      upstream: 'La pasarela rechazó la operación; no se cambió nada.',
      busy: 'No se hizo nada: el servicio está ocupado. Inténtelo de nuevo en un momento.',
      failed: `La solicitud falló (HTTP ${status}).`,
    })[kind],
};

export const ptBRRefusals: RefusalWords = {
  amount: (code, upTo) =>
    ({
      'partial-reversal': `Um estorno libera toda a autorização (${upTo}); não é possível estornar uma parte.`,
      'more-than-allowed': `É mais do que esta ação permite agora: até ${upTo}.`,
      'shares-exceed-amount': `As partes somam mais que o valor do pedido, ${upTo}.`,
    })[code],
  plain: {
    'not-in-review': 'Este pedido não está mais em revisão; recarregue-o para ver a situação.',
    'changed-meanwhile': 'O pedido mudou nesse meio-tempo; recarregue-o e tente de novo.',
    'payment-already-settled': 'Este pagamento bancário já pagou outro pedido.',
    payout: 'Um pagamento de saída não paga nenhum pedido.',
    'payment-not-received': 'O banco ainda não informou este dinheiro como recebido.',
    'payment-reversed': 'O banco reverteu este pagamento.',
    'payment-failed': 'O banco informou este pagamento como falho: o dinheiro não está lá.',
    'order-not-payable': 'Só um pedido pendente ou em revisão aceita um pagamento bancário.',
    'currency-mismatch': 'O pagamento está em outra moeda que o pedido.',
    'amount-mismatch': 'O valor do pagamento não é o do pedido; a API o associa só quando instruída a aceitar esse valor.',
    'card-page-unknown': 'O pedido tem uma página de pagamento com cartão aberta e o gateway não soube dizer se foi paga; tente mais tarde.',
    'card-page-paid': 'O comprador pagou o pedido com cartão nesse meio-tempo; devolva este pagamento bancário.',
    'card-page-open': 'Um pagamento com cartão do pedido ainda não terminou; tente quando terminar.',
    'card-attempt-ended': 'O pagamento com cartão do pedido acabou de terminar; recarregue o pedido.',
  },
  failure: (kind, { fields, status }) =>
    ({
      unreachable: 'Não foi possível contatar o BFF.',
      invalid: `Confira: ${fields}.`,
      'not-found': 'Não encontrado: pode ter sido excluído; recarregue a lista.',
      refused: 'Não é possível no estado atual do pedido; recarregue-o.',
      upstream: 'O gateway recusou a operação; nada foi alterado.',
      busy: 'Nada foi feito: o serviço está ocupado. Tente de novo em instantes.',
      failed: `A solicitação falhou (HTTP ${status}).`,
    })[kind],
};
