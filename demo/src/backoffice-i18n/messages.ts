// The back office's sentences with values in them, per language: word order stays the translator's.
export interface BackOfficeMessages {
  upTo: (amount: string, currency: string) => string;
  linksPage: (page: number, lastPage: number, total: number) => string;
  actionDone: (action: 'capture' | 'refund' | 'reverse', amount: string, orderNumber: string, status: string) => string;
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
  remainder: (amount: string, currency: string) => string;
  sharesTooBig: (amount: string, currency: string) => string;
}

export const enMessages: BackOfficeMessages = {
  upTo: (amount, currency) => `Up to ${amount} ${currency}`,
  linksPage: (page, lastPage, total) => `Page ${page} of ${lastPage} (${total} links)`,
  actionDone: (action, amount, orderNumber, status) =>
    `${{ capture: 'Captured', refund: 'Refunded', reverse: 'Reversed' }[action]} ${amount} on order ${orderNumber}: now ${status}.`,
  splitDone: (orderNumber, remainder) => `Order ${orderNumber} split; ${remainder} stays with you.`,
  linkCreated: (id, amount) => `Payment link ${id} created for ${amount}.`,
  linkDeleted: (id) => `Payment link ${id} deleted.`,
  copied: (id) => `Copied the URL of link ${id}.`,
  copyLinkLabel: (id) => `Copy URL of link ${id}`,
  payLinkLabel: (id) => `Pay in the sandbox: link ${id} (new tab)`,
  deleteLinkLabel: (id) => `Delete link ${id}`,
  commerceEmail: (index) => `Commerce ${index} e-mail`,
  commerceAmount: (index) => `Commerce ${index} amount`,
  remainder: (amount, currency) => `Remainder for you (the owner): ${amount} ${currency}`,
  sharesTooBig: (amount, currency) => `The shares exceed the order amount of ${amount} ${currency}.`,
};

export const esMessages: BackOfficeMessages = {
  upTo: (amount, currency) => `Hasta ${amount} ${currency}`,
  linksPage: (page, lastPage, total) => `Página ${page} de ${lastPage} (${total} enlaces)`,
  actionDone: (action, amount, orderNumber, status) =>
    `${{ capture: 'Capturado', refund: 'Reembolsado', reverse: 'Anulado' }[action]} ${amount} en el pedido ${orderNumber}: ahora ${status}.`,
  splitDone: (orderNumber, remainder) => `Pedido ${orderNumber} dividido; ${remainder} queda para usted.`,
  linkCreated: (id, amount) => `Enlace de pago ${id} creado por ${amount}.`,
  linkDeleted: (id) => `Enlace de pago ${id} eliminado.`,
  copied: (id) => `Se copió la URL del enlace ${id}.`,
  copyLinkLabel: (id) => `Copiar URL del enlace ${id}`,
  payLinkLabel: (id) => `Pagar en el sandbox: enlace ${id} (pestaña nueva)`,
  deleteLinkLabel: (id) => `Eliminar el enlace ${id}`,
  commerceEmail: (index) => `Correo del comercio ${index}`,
  commerceAmount: (index) => `Monto del comercio ${index}`,
  remainder: (amount, currency) => `Le queda a usted (el dueño): ${amount} ${currency}`,
  sharesTooBig: (amount, currency) => `Las partes superan el monto del pedido, ${amount} ${currency}.`,
};

export const ptBRMessages: BackOfficeMessages = {
  upTo: (amount, currency) => `Até ${amount} ${currency}`,
  linksPage: (page, lastPage, total) => `Página ${page} de ${lastPage} (${total} links)`,
  actionDone: (action, amount, orderNumber, status) =>
    `${{ capture: 'Capturado', refund: 'Reembolsado', reverse: 'Estornado' }[action]} ${amount} no pedido ${orderNumber}: agora ${status}.`,
  splitDone: (orderNumber, remainder) => `Pedido ${orderNumber} dividido; ${remainder} fica com você.`,
  linkCreated: (id, amount) => `Link de pagamento ${id} criado por ${amount}.`,
  linkDeleted: (id) => `Link de pagamento ${id} excluído.`,
  copied: (id) => `URL do link ${id} copiada.`,
  copyLinkLabel: (id) => `Copiar URL do link ${id}`,
  payLinkLabel: (id) => `Pagar no sandbox: link ${id} (nova aba)`,
  deleteLinkLabel: (id) => `Excluir o link ${id}`,
  commerceEmail: (index) => `E-mail do lojista ${index}`,
  commerceAmount: (index) => `Valor do lojista ${index}`,
  remainder: (amount, currency) => `Fica com você (o dono): ${amount} ${currency}`,
  sharesTooBig: (amount, currency) => `As partes passam do valor do pedido, ${amount} ${currency}.`,
};
