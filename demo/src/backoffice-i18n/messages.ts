// The back office's sentences with values in them, per language: word order stays the translator's.
import type { ActionRefusalCode } from '../../../contract/merchant-api.ts';
import type { SettlementDifference } from '../../../contract/settlement-report.ts';

export interface ReceiptFacts {
  amount: string;
  when: string;
  payer: string | null;
  orderNumber: string | null;
  reference: string;
  reversed: boolean;
  failed: boolean;
}

/** What a refusal's sentence may name: the order's status (already in the page's language) and amounts (formatted). */
export interface RefusalFacts {
  action: 'capture' | 'refund' | 'reverse' | 'split';
  status: string;
  captured: string;
  refunded: string;
}

export interface BackOfficeMessages {
  /** `amount` is formatted (formatMoney) in every sentence below. */
  upTo: (amount: string) => string;
  refusal: (code: ActionRefusalCode, facts: RefusalFacts) => string;
  approvePaymentLabel: (orderNumber: string) => string;
  voidReviewLabel: (orderNumber: string) => string;
  reviewQuestion: (decision: 'approve' | 'void', orderNumber: string) => string;
  reviewDone: (decision: 'approve' | 'void', orderNumber: string, status: string) => string;
  reviewFailed: (orderNumber: string, error: string) => string;
  copyByHand: (url: string) => string;
  transactionsCaption: (count: number, from: string, to: string) => string;
  bankEventSent: (eventType: string, paymentId: string) => string;
  bankEventFailed: (eventType: string, error: string) => string;
  endpointDeleted: (id: string) => string;
  deliveryQueued: (type: string, webhookId: string) => string;
  signingSecret: (id: string, secret: string) => string;
  attemptAt: (result: string, at: string) => string;
  orderForPaymentLabel: (publicId: string) => string;
  paymentAttached: (publicId: string, orderNumber: string) => string;
  /** A difference of the day's settlement, naming the order (or the bank payment, or the gateway's id). */
  settlementDifference: (type: SettlementDifference['type'], who: string) => string;
  settlementCaption: (date: string, timeZone: string, movements: number) => string;
  /** A SINPE receipt found: `amount` formatted, `when` in the page's language. */
  receiptArrived: (facts: ReceiptFacts) => string;
  linksPage: (page: number, lastPage: number, total: number) => string;
  actionDone: (action: 'capture' | 'refund' | 'reverse', amount: string, orderNumber: string, status: string) => string;
  /** A refund that left money captured: the order keeps its status (approved or captured), so the sentence says how much is refunded of what. */
  partialRefundDone: (amount: string, orderNumber: string, refunded: string, captured: string) => string;
  splitDone: (orderNumber: string, remainder: string) => string;
  linkCreated: (id: string, amount: string) => string;
  linkDeleted: (id: string) => string;
  copied: (id: string) => string;
  /** The link row's button names: each holds the visible words (axe's label-content-name-mismatch). */
  copyLinkLabel: (id: string) => string;
  payLinkLabel: (id: string) => string;
  deleteLinkLabel: (id: string) => string;
  commerceEmail: (index: number) => string;
  commerceAmount: (index: number) => string;
  remainder: (amount: string) => string;
  sharesTooBig: (amount: string) => string;
}

export const enMessages: BackOfficeMessages = {
  upTo: (amount) => `Up to ${amount}`,
  refusal: (code, facts) =>
    ({
      'paid-by-transfer':
        facts.action === 'refund'
          ? 'Paid by a SINPE Móvil transfer: refund it from the bank, with a transfer back to the buyer.'
          : 'Paid by a SINPE Móvil transfer: the card gateway holds none of its money.',
      'already-captured': 'Already captured; a capture is possible only once.',
      'not-authorized': `Only an authorized, uncaptured order allows this; this one is ${facts.status}.`,
      'authorization-lapsed': 'The authorization has lapsed: a capture is allowed up to 7 days after it.',
      'captured-not-reversible': 'A captured order cannot be reversed; refund it instead.',
      'nothing-captured': `Nothing was captured to refund; this order is ${facts.status}.`,
      'fully-refunded': `Nothing is left to refund: ${facts.refunded} of ${facts.captured} is already refunded.`,
      'not-splittable': `Only an approved order, captured in full with nothing refunded, can be split; this one is ${facts.status}.`,
      'already-split': 'This order was already split.',
      'link-payment': 'A payment link’s payment is managed with the gateway’s link tools.',
      'refund-pending': 'A refund is scheduled at the gateway and not done yet; another refund waits for it.',
    })[code],
  approvePaymentLabel: (orderNumber) => `Approve payment found for ${orderNumber}`,
  voidReviewLabel: (orderNumber) => `Void the review of ${orderNumber}`,
  reviewQuestion: (decision, orderNumber) =>
    decision === 'approve'
      ? `Accept the payment the gateway holds for order ${orderNumber}? The order becomes approved.`
      : `Void the review of order ${orderNumber}? The order stays unpaid and the buyer may pay it again.`,
  reviewDone: (decision, orderNumber, status) => `Order ${orderNumber}: review ${decision === 'approve' ? 'approved' : 'voided'}, now ${status}.`,
  reviewFailed: (orderNumber, error) => `Review of ${orderNumber}: ${error}`,
  copyByHand: (url) => `Copy it by hand: ${url}`,
  transactionsCaption: (count, from, to) => `${count} transactions from ${from} to ${to}.`,
  bankEventSent: (eventType, paymentId) => `The sandbox bank sent ${eventType} (payment ${paymentId}).`,
  bankEventFailed: (eventType, error) => `Bank event ${eventType}: ${error}`,
  endpointDeleted: (id) => `Endpoint ${id} deleted.`,
  deliveryQueued: (type, webhookId) => `Delivery of ${type} queued again (webhook-id ${webhookId}).`,
  signingSecret: (id, secret) => `Signing secret of ${id} (shown once, copy it now): ${secret}`,
  attemptAt: (result, at) => `${result} at ${at}`,
  orderForPaymentLabel: (publicId) => `Order for payment ${publicId}`,
  paymentAttached: (publicId, orderNumber) => `Payment ${publicId} attached: order ${orderNumber} is approved.`,
  settlementDifference: (type, who) =>
    ({
      not_ours: `The gateway lists an approved transaction no order here knows: ${who}.`,
      missing_upstream: `Order ${who} was paid by card here, and the gateway lists no payment for it that day.`,
      not_paid_here: `The gateway approved order ${who}, which is not paid here.`,
      paid_twice: `The gateway approved order ${who} more than once: refund the extra payment.`,
      amount_differs: `Another amount upstream for ${who}.`,
      net_differs: `The upstream's net for ${who} is not its amount less its deductions.`,
      unmatched_transfer: `Money arrived that no order took (bank payment ${who}): attach it or return it.`,
      fees_unknown: `The bank has not said the fee of transfer ${who} yet.`,
    })[type],
  settlementCaption: (date, timeZone, movements) => `${date} (${timeZone}): ${movements} movements.`,
  receiptArrived: ({ amount, when, payer, orderNumber, reference, reversed, failed }) =>
    `${failed ? 'Failed' : 'Arrived'}: ${amount} on ${when}${payer ? ` from ${payer}` : ''}, reference ${reference}, ${orderNumber ? `for order ${orderNumber}` : 'for no order yet'}${reversed ? '; since reversed by the bank' : ''}.`,
  linksPage: (page, lastPage, total) => `Page ${page} of ${lastPage} (${total} links)`,
  actionDone: (action, amount, orderNumber, status) =>
    `${{ capture: 'Captured', refund: 'Refunded', reverse: 'Reversed' }[action]} ${amount} on order ${orderNumber}: now ${status}.`,
  partialRefundDone: (amount, orderNumber, refunded, captured) => `Refunded ${amount} on order ${orderNumber}; ${refunded} of ${captured} refunded so far.`,
  splitDone: (orderNumber, remainder) => `Order ${orderNumber} split; ${remainder} stays with you.`,
  linkCreated: (id, amount) => `Payment link ${id} created for ${amount}.`,
  linkDeleted: (id) => `Payment link ${id} deleted.`,
  copied: (id) => `Copied the URL of link ${id}.`,
  copyLinkLabel: (id) => `Copy URL of link ${id}`,
  payLinkLabel: (id) => `Pay in the sandbox: link ${id} (new tab)`,
  deleteLinkLabel: (id) => `Delete link ${id}`,
  commerceEmail: (index) => `Commerce ${index} e-mail`,
  commerceAmount: (index) => `Commerce ${index} amount`,
  remainder: (amount) => `Remainder for you (the owner): ${amount}`,
  sharesTooBig: (amount) => `The shares exceed the order amount of ${amount}.`,
};

export const esMessages: BackOfficeMessages = {
  upTo: (amount) => `Hasta ${amount}`,
  refusal: (code, facts) =>
    ({
      'paid-by-transfer':
        facts.action === 'refund'
          ? 'Pagado con una transferencia SINPE Móvil: reembólselo desde el banco, con una transferencia al comprador.'
          : 'Pagado con una transferencia SINPE Móvil: la pasarela de tarjetas no tiene ese dinero.',
      'already-captured': 'Ya está capturado; solo se puede capturar una vez.',
      'not-authorized': `Solo un pedido autorizado y sin capturar lo permite; este está ${facts.status}.`,
      'authorization-lapsed': 'La autorización venció: se puede capturar hasta 7 días después de ella.',
      'captured-not-reversible': 'Un pedido capturado no se puede anular; reembólselo.',
      'nothing-captured': `No hay nada capturado que reembolsar; este pedido está ${facts.status}.`,
      'fully-refunded': `No queda nada por reembolsar: ya se reembolsó ${facts.refunded} de ${facts.captured}.`,
      'not-splittable': `Solo se divide un pedido aprobado, capturado completo y sin reembolsos; este está ${facts.status}.`,
      'already-split': 'Este pedido ya se dividió.',
      'link-payment': 'El pago de un enlace se gestiona con las herramientas de enlaces de la pasarela.',
      'refund-pending': 'Hay un reembolso programado en la pasarela que aún no se hizo; otro reembolso debe esperarlo.',
    })[code],
  approvePaymentLabel: (orderNumber) => `Aprobar el pago hallado para ${orderNumber}`,
  voidReviewLabel: (orderNumber) => `Anular revisión del pedido ${orderNumber}`,
  reviewQuestion: (decision, orderNumber) =>
    decision === 'approve'
      ? `¿Aceptar el pago que la pasarela tiene para el pedido ${orderNumber}? El pedido queda aprobado.`
      : `¿Anular la revisión del pedido ${orderNumber}? El pedido sigue sin pagar y el comprador puede pagarlo de nuevo.`,
  reviewDone: (decision, orderNumber, status) => `Pedido ${orderNumber}: revisión ${decision === 'approve' ? 'aprobada' : 'anulada'}, ahora ${status}.`,
  reviewFailed: (orderNumber, error) => `Revisión de ${orderNumber}: ${error}`,
  copyByHand: (url) => `Cópiela a mano: ${url}`,
  transactionsCaption: (count, from, to) => `${count} transacciones del ${from} al ${to}.`,
  bankEventSent: (eventType, paymentId) => `El banco de pruebas envió ${eventType} (pago ${paymentId}).`,
  bankEventFailed: (eventType, error) => `Evento del banco ${eventType}: ${error}`,
  endpointDeleted: (id) => `Destino ${id} eliminado.`,
  deliveryQueued: (type, webhookId) => `La entrega de ${type} se puso de nuevo en cola (webhook-id ${webhookId}).`,
  signingSecret: (id, secret) => `Secreto de firma de ${id} (se muestra una sola vez, cópielo ahora): ${secret}`,
  attemptAt: (result, at) => `${result} el ${at}`,
  orderForPaymentLabel: (publicId) => `Pedido para el pago ${publicId}`,
  paymentAttached: (publicId, orderNumber) => `Pago ${publicId} asociado: el pedido ${orderNumber} queda aprobado.`,
  settlementDifference: (type, who) =>
    ({
      not_ours: `La pasarela tiene una transacción aprobada que ningún pedido de aquí conoce: ${who}.`,
      missing_upstream: `El pedido ${who} se pagó con tarjeta aquí y la pasarela no tiene ese pago ese día.`,
      not_paid_here: `La pasarela aprobó el pedido ${who}, que aquí no está pagado.`,
      paid_twice: `La pasarela aprobó el pedido ${who} más de una vez: reembolse el pago de más.`,
      amount_differs: `Otro monto en la pasarela o el banco para ${who}.`,
      net_differs: `El neto de la pasarela o el banco para ${who} no es su monto menos sus deducciones.`,
      unmatched_transfer: `Llegó dinero que ningún pedido tomó (pago bancario ${who}): asócielo o devuélvalo.`,
      fees_unknown: `El banco aún no indica la comisión de la transferencia ${who}.`,
    })[type],
  settlementCaption: (date, timeZone, movements) => `${date} (${timeZone}): ${movements} movimientos.`,
  receiptArrived: ({ amount, when, payer, orderNumber, reference, reversed, failed }) =>
    `${failed ? 'Fallida' : 'Recibida'}: ${amount} el ${when}${payer ? ` de ${payer}` : ''}, referencia ${reference}, ${orderNumber ? `para el pedido ${orderNumber}` : 'aún sin pedido'}${reversed ? '; luego reversada por el banco' : ''}.`,
  linksPage: (page, lastPage, total) => `Página ${page} de ${lastPage} (${total} enlaces)`,
  actionDone: (action, amount, orderNumber, status) =>
    `${{ capture: 'Capturado', refund: 'Reembolsado', reverse: 'Anulado' }[action]} ${amount} en el pedido ${orderNumber}: ahora ${status}.`,
  partialRefundDone: (amount, orderNumber, refunded, captured) => `Reembolsado ${amount} en el pedido ${orderNumber}; van ${refunded} reembolsados de ${captured}.`,
  splitDone: (orderNumber, remainder) => `Pedido ${orderNumber} dividido; ${remainder} queda para usted.`,
  linkCreated: (id, amount) => `Enlace de pago ${id} creado por ${amount}.`,
  linkDeleted: (id) => `Enlace de pago ${id} eliminado.`,
  copied: (id) => `Se copió la URL del enlace ${id}.`,
  copyLinkLabel: (id) => `Copiar URL del enlace ${id}`,
  payLinkLabel: (id) => `Pagar en el sandbox: enlace ${id} (pestaña nueva)`,
  deleteLinkLabel: (id) => `Eliminar el enlace ${id}`,
  commerceEmail: (index) => `Correo del comercio ${index}`,
  commerceAmount: (index) => `Monto del comercio ${index}`,
  remainder: (amount) => `Le queda a usted (el dueño): ${amount}`,
  sharesTooBig: (amount) => `Las partes superan el monto del pedido, ${amount}.`,
};

export const ptBRMessages: BackOfficeMessages = {
  upTo: (amount) => `Até ${amount}`,
  refusal: (code, facts) =>
    ({
      'paid-by-transfer':
        facts.action === 'refund'
          ? 'Pago com uma transferência SINPE Móvil: reembolse pelo banco, com uma transferência de volta ao comprador.'
          : 'Pago com uma transferência SINPE Móvil: o gateway de cartões não tem esse dinheiro.',
      'already-captured': 'Já capturado; só é possível capturar uma vez.',
      'not-authorized': `Só um pedido autorizado e não capturado permite isso; este está ${facts.status}.`,
      'authorization-lapsed': 'A autorização expirou: a captura é permitida até 7 dias depois dela.',
      'captured-not-reversible': 'Um pedido capturado não pode ser estornado; reembolse-o.',
      'nothing-captured': `Nada foi capturado para reembolsar; este pedido está ${facts.status}.`,
      'fully-refunded': `Não resta nada a reembolsar: ${facts.refunded} de ${facts.captured} já foi reembolsado.`,
      'not-splittable': `Só se divide um pedido aprovado, capturado por inteiro e sem reembolsos; este está ${facts.status}.`,
      'already-split': 'Este pedido já foi dividido.',
      'link-payment': 'O pagamento de um link é gerido com as ferramentas de links do gateway.',
      'refund-pending': 'Há um reembolso agendado no gateway que ainda não foi feito; outro reembolso deve esperá-lo.',
    })[code],
  approvePaymentLabel: (orderNumber) => `Aprovar o pagamento encontrado para ${orderNumber}`,
  voidReviewLabel: (orderNumber) => `Anular revisão do pedido ${orderNumber}`,
  reviewQuestion: (decision, orderNumber) =>
    decision === 'approve'
      ? `Aceitar o pagamento que o gateway tem para o pedido ${orderNumber}? O pedido fica aprovado.`
      : `Anular a revisão do pedido ${orderNumber}? O pedido continua sem pagamento e o comprador pode pagá-lo de novo.`,
  reviewDone: (decision, orderNumber, status) => `Pedido ${orderNumber}: revisão ${decision === 'approve' ? 'aprovada' : 'anulada'}, agora ${status}.`,
  reviewFailed: (orderNumber, error) => `Revisão de ${orderNumber}: ${error}`,
  copyByHand: (url) => `Copie à mão: ${url}`,
  transactionsCaption: (count, from, to) => `${count} transações de ${from} a ${to}.`,
  bankEventSent: (eventType, paymentId) => `O banco de testes enviou ${eventType} (pagamento ${paymentId}).`,
  bankEventFailed: (eventType, error) => `Evento do banco ${eventType}: ${error}`,
  endpointDeleted: (id) => `Destino ${id} excluído.`,
  deliveryQueued: (type, webhookId) => `A entrega de ${type} voltou para a fila (webhook-id ${webhookId}).`,
  signingSecret: (id, secret) => `Segredo de assinatura de ${id} (mostrado uma só vez, copie agora): ${secret}`,
  attemptAt: (result, at) => `${result} em ${at}`,
  orderForPaymentLabel: (publicId) => `Pedido para o pagamento ${publicId}`,
  paymentAttached: (publicId, orderNumber) => `Pagamento ${publicId} associado: o pedido ${orderNumber} está aprovado.`,
  settlementDifference: (type, who) =>
    ({
      not_ours: `O gateway tem uma transação aprovada que nenhum pedido daqui conhece: ${who}.`,
      missing_upstream: `O pedido ${who} foi pago com cartão aqui e o gateway não tem esse pagamento nesse dia.`,
      not_paid_here: `O gateway aprovou o pedido ${who}, que aqui não está pago.`,
      paid_twice: `O gateway aprovou o pedido ${who} mais de uma vez: reembolse o pagamento a mais.`,
      amount_differs: `Outro valor no gateway ou no banco para ${who}.`,
      net_differs: `O líquido do gateway ou do banco para ${who} não é o valor menos as deduções.`,
      unmatched_transfer: `Chegou dinheiro que nenhum pedido tomou (pagamento bancário ${who}): associe ou devolva.`,
      fees_unknown: `O banco ainda não informou a tarifa da transferência ${who}.`,
    })[type],
  settlementCaption: (date, timeZone, movements) => `${date} (${timeZone}): ${movements} movimentos.`,
  receiptArrived: ({ amount, when, payer, orderNumber, reference, reversed, failed }) =>
    `${failed ? 'Falhou' : 'Recebido'}: ${amount} em ${when}${payer ? ` de ${payer}` : ''}, referência ${reference}, ${orderNumber ? `para o pedido ${orderNumber}` : 'ainda sem pedido'}${reversed ? '; depois estornado pelo banco' : ''}.`,
  linksPage: (page, lastPage, total) => `Página ${page} de ${lastPage} (${total} links)`,
  actionDone: (action, amount, orderNumber, status) =>
    `${{ capture: 'Capturado', refund: 'Reembolsado', reverse: 'Estornado' }[action]} ${amount} no pedido ${orderNumber}: agora ${status}.`,
  partialRefundDone: (amount, orderNumber, refunded, captured) => `Reembolsado ${amount} no pedido ${orderNumber}; ${refunded} de ${captured} reembolsados até agora.`,
  splitDone: (orderNumber, remainder) => `Pedido ${orderNumber} dividido; ${remainder} fica com você.`,
  linkCreated: (id, amount) => `Link de pagamento ${id} criado por ${amount}.`,
  linkDeleted: (id) => `Link de pagamento ${id} excluído.`,
  copied: (id) => `URL do link ${id} copiada.`,
  copyLinkLabel: (id) => `Copiar URL do link ${id}`,
  payLinkLabel: (id) => `Pagar no sandbox: link ${id} (nova aba)`,
  deleteLinkLabel: (id) => `Excluir o link ${id}`,
  commerceEmail: (index) => `E-mail do lojista ${index}`,
  commerceAmount: (index) => `Valor do lojista ${index}`,
  remainder: (amount) => `Fica com você (o dono): ${amount}`,
  sharesTooBig: (amount) => `As partes passam do valor do pedido, ${amount}.`,
};
