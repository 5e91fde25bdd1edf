// The storefront's own words in the three demo languages (the widget brings its own).
const en = {
  skip: 'Skip to content',
  backOffice: 'Back office',
  language: 'Language',
  theme: 'Checkout theme',
  themeOcean: 'Ocean',
  themeRainforest: 'Rainforest',
  themeVolcano: 'Volcano night',
  catalogTitle: 'Shop Costa Rica',
  currencyLegend: 'Prices in',
  currencyHint: 'One currency per order: switching empties the cart.',
  cartTitle: 'Your cart',
  cartEmpty: 'Your cart is empty.',
  total: 'Total',
  authorizeOnly: 'Authorize only: capture later in the back office',
  offerInvoice: 'Offer an electronic invoice (Costa Rica)',
  popupMode: 'Pay in a popup window',
  checkout: 'Checkout',
  checkoutTitle: 'Checkout',
  testCards: 'Sandbox cards: 4012 0000 0002 0071 approves, 4012 0000 0002 0121 declines.',
  continueShopping: 'Continue shopping',
  addToCart: 'Add to cart',
  remove: 'Remove',
  quantity: 'Quantity',
  authorized: 'Thank you! Order {order} is authorized; the shop captures it when it ships.',
  loadFailed: 'The shop could not load. Is the demo stack running?',
};

export type StorefrontTextKey = keyof typeof en;
type Texts = Record<StorefrontTextKey, string>;

const es: Texts = {
  skip: 'Saltar al contenido',
  backOffice: 'Administración',
  language: 'Idioma',
  theme: 'Tema del pago',
  themeOcean: 'Océano',
  themeRainforest: 'Bosque lluvioso',
  themeVolcano: 'Noche de volcán',
  catalogTitle: 'Compre Costa Rica',
  currencyLegend: 'Precios en',
  currencyHint: 'Una moneda por pedido: al cambiarla se vacía el carrito.',
  cartTitle: 'Su carrito',
  cartEmpty: 'Su carrito está vacío.',
  total: 'Total',
  authorizeOnly: 'Solo autorizar: capturar después en la administración',
  offerInvoice: 'Ofrecer factura electrónica (Costa Rica)',
  popupMode: 'Pagar en una ventana emergente',
  checkout: 'Pagar',
  checkoutTitle: 'Pago',
  testCards: 'Tarjetas de prueba: 4012 0000 0002 0071 aprueba, 4012 0000 0002 0121 rechaza.',
  continueShopping: 'Seguir comprando',
  addToCart: 'Agregar al carrito',
  remove: 'Quitar',
  quantity: 'Cantidad',
  authorized: '¡Gracias! El pedido {order} está autorizado; la tienda lo cobra al enviarlo.',
  loadFailed: 'La tienda no pudo cargar. ¿Está corriendo la demo?',
};

const pt: Texts = {
  skip: 'Pular para o conteúdo',
  backOffice: 'Administração',
  language: 'Idioma',
  theme: 'Tema do pagamento',
  themeOcean: 'Oceano',
  themeRainforest: 'Floresta tropical',
  themeVolcano: 'Noite de vulcão',
  catalogTitle: 'Compre a Costa Rica',
  currencyLegend: 'Preços em',
  currencyHint: 'Uma moeda por pedido: trocar esvazia o carrinho.',
  cartTitle: 'Seu carrinho',
  cartEmpty: 'Seu carrinho está vazio.',
  total: 'Total',
  authorizeOnly: 'Só autorizar: capturar depois na administração',
  offerInvoice: 'Oferecer nota fiscal eletrônica (Costa Rica)',
  popupMode: 'Pagar em uma janela pop-up',
  checkout: 'Finalizar compra',
  checkoutTitle: 'Pagamento',
  testCards: 'Cartões de teste: 4012 0000 0002 0071 aprova, 4012 0000 0002 0121 recusa.',
  continueShopping: 'Continuar comprando',
  addToCart: 'Adicionar ao carrinho',
  remove: 'Remover',
  quantity: 'Quantidade',
  authorized: 'Obrigado! O pedido {order} está autorizado; a loja o captura ao enviar.',
  loadFailed: 'A loja não carregou. A demo está rodando?',
};

export function storefrontTexts(locale: string): Texts {
  if (locale.startsWith('es')) return es;
  if (locale.startsWith('pt')) return pt;
  return en;
}
