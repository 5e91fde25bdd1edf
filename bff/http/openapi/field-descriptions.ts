// What each field a caller sets means, for /v1/openapi.json and the /docs page. Kept here rather
// than as `.describe()` in contract/: the widget bundles contract/bff-api.ts, and these sentences
// would ship to every shopper's browser. openapi-document.spec.ts fails when a request field or a
// parameter has no description, so a new field cannot go undocumented.

const amount = 'A decimal string in the currency\'s units ("15000.00"), never a number.';
const currency = 'ISO 4217 code (CRC, USD).';
const orderNumberField = 'Your order number (letters, digits, `_` and `-`, at most 40). Omitted: one is generated.';

const addressFields: Record<string, string> = {
  firstName: 'Given name (1 to 60 characters).',
  lastName: 'Family name (1 to 60 characters).',
  address: 'Street address.',
  address2: 'Second address line (may be empty).',
  city: 'City.',
  state: 'ISO 3166-2 subdivision of `country` (`CR-SJ`).',
  zip: 'Postal code, in the country\'s format.',
  country: 'ISO 3166-1 alpha-2 (`CR`).',
  telephone: 'Phone number, valid for `country`.',
};
/** The address fields under `prefix` (`billing`, `shipping`); billing also has the e-mail. */
function addressDescriptions(prefix: 'billing' | 'shipping'): Record<string, string> {
  const fields = prefix === 'billing' ? { ...addressFields, email: 'The buyer\'s e-mail.' } : addressFields;
  return Object.fromEntries(Object.entries(fields).map(([name, text]) => [`${prefix}.${name}`, text]));
}

/** Component name → dotted property path → description. */
const fieldDescriptions: Record<string, Record<string, string>> = {
  MerchantSessionRequest: {
    amount: `What the buyer pays. ${amount}`,
    currency,
    orderNumber: orderNumberField,
    capture: 'true (default): authorize and capture; false: authorize only, and capture later with POST /v1/merchant/orders/{orderNumber}/capture. An auto-captured order stays `approved` (capturedAmount = amount); a manual capture makes it `captured`.',
    returnUrl: 'Where the buyer lands after paying, with `#svc-result=<status token>`; its origin must be in ALLOWED_ORIGINS.',
    description: 'Shown to the buyer in the checkout summary (at most 255 characters).',
    prefill: 'Billing and shipping fields to fill in the form in advance; the buyer can change them.',
    returnData: 'Your own opaque reference, kept with the order and never sent to the browser (at most 1024 characters).',
    invoice: 'true: the checkout offers the buyer a Costa Rican electronic invoice (ID type and number, name, e-mail).',
    lines: 'What the buyer is paying for, shown in the summary; each line\'s amount is quantity × unitAmount and the lines must add up to `amount`.',
    'lines.sku': 'Your SKU (optional).',
    'lines.name': 'What the buyer sees (1 to 120 characters).',
    'lines.quantity': 'How many (1 to 9999).',
    'lines.unitAmount': `The price of one. ${amount}`,
    metadata: 'Your own keys, returned on every order answer and order webhook: an object of string values, at most 20 keys (1 to 40 characters), values up to 500 characters.',
    clientReference: 'Your own order id (1 to 128 characters, no spaces at either end); GET /v1/merchant/orders?clientReference= finds the order.',
  },
  SetExchangeRateRequest: {
    currency: 'The currency the rate converts from: `USD`.',
    rate: 'Colones per dollar, the BCCR reference sell rate, as a decimal string ("506.52"); within `EXCHANGE_RATE_DAY_BAND_PERCENT` (15) % of the previous stored day\'s, or 300–1000 for a first rate, else 400 `rate_out_of_band`.',
    date: 'The day the rate is for (`YYYY-MM-DD`, Costa Rica time).',
    source: 'Where the rate comes from: `BCCR`.',
    replace: 'true: correct the day\'s rate if one is set (recorded in its `changes` with the key and time). Omitted or false: another rate for a set day is a 409.',
  },
  Prefill: {
    billing: 'Any of the billing address fields (with `email`).',
    shipping: 'Any of the shipping address fields.',
    ...addressDescriptions('billing'),
    ...addressDescriptions('shipping'),
  },
  CreateCatalogSessionRequest: {
    items: 'Catalog SKUs and quantities; prices come from the server\'s catalog, never from the browser.',
    'items.sku': 'A SKU of the catalog (CATALOG_FILE).',
    'items.quantity': 'How many (1 to 99).',
    locale: 'BCP 47 language of the checkout (es-CR, en).',
    returnUrl: 'Where the buyer comes back after paying; on the calling page\'s origin. Default: the Referer on that origin, else the origin\'s root.',
    invoice: 'true: the buyer may ask for a Costa Rican electronic invoice (only when the catalog says the shop issues them).',
  },
  ModificationRequest: {
    amount: `A partial amount; omitted: everything the action can take (what is capturable, refundable or authorized). ${amount}`,
  },
  SplitOrderRequest: {
    commerces: 'The merchants that receive a part: their gateway e-mail and amount. The owning merchant receives the remainder.',
    'commerces.email': 'The receiving merchant\'s gateway e-mail.',
    'commerces.amount': `Its part. ${amount}`,
    lang: 'The gateway\'s request language (default `es`).',
  },
  DecideReviewRequest: {
    decision: '`approve`: the payment consult found is this order\'s (it becomes `approved`); `void`: it is not, the order is `cancelled` and payable again.',
    note: 'Why, for the order\'s history (at most 500 characters).',
  },
  CreatePaymentLinkRequest: {
    amount: `What the link charges. ${amount}`,
    currency,
    reference: 'Your reference for the link (at most 100 characters).',
    description: 'Shown to the payer (at most 255 characters).',
    singleUse: 'true: the link can be paid once; false (default): any number of times.',
    client: 'The customer\'s name; single-use links only.',
  },
  AttachBankPaymentRequest: {
    orderNumber: 'The order (in review or pending) the payment belongs to.',
    acceptAmount: 'true: attach a payment of another amount than the order\'s (the history records the amount accepted).',
  },
  CheckoutRequest: {
    billing: 'The billing address, with `email`: country ISO 3166-1 alpha-2, state ISO 3166-2 of that country (`CR-SJ`).',
    shipping: 'The shipping address; or send `sameAsBilling: true` instead.',
    sameAsBilling: 'true: ship to the billing address (instead of `shipping`).',
    locale: 'BCP 47 language of the shopper-facing messages.',
    method: '`card` (default): the gateway\'s hosted page; `sinpe_movil`: a SINPE Móvil transfer (CRC orders, when the merchant has a number).',
    invoice: 'The electronic invoice\'s receptor, when the session offers one and the buyer wants it.',
    cardCurrency: 'A dollar order\'s card charge: `USD` (default) or `CRC`, its `localAmount` in colones (only when the session answers `cardInColones: true`; otherwise 400 naming this field).',
    'invoice.idType': 'Hacienda\'s ID type: 01 física, 02 jurídica, 03 DIMEX, 04 NITE.',
    'invoice.idNumber': 'The ID number, digits only, as long as its type requires.',
    'invoice.name': 'The receptor\'s name.',
    'invoice.email': 'Where Hacienda\'s invoice is sent.',
    ...addressDescriptions('billing'),
    ...addressDescriptions('shipping'),
  },
  CreateBankDestinationRequest: {
    feature_id: 'The bank feature whose events go to this destination (GET /v1/merchant/banking/features).',
    scope_kind: 'TENANT (no scope field), ACCOUNT (scope_account_id) or OWNER (scope_owner_type and scope_owner_id).',
    scope_account_id: 'The account, for scope_kind ACCOUNT only.',
    scope_owner_type: 'The owner type, for scope_kind OWNER only.',
    scope_owner_id: 'The owner id, for scope_kind OWNER only.',
    is_enabled: 'Whether the bank sends to it now.',
    destination_kind: 'Only EXTERNAL_WEBHOOK (the default).',
    destination_ref: 'Your reference for the destination.',
    webhook_url: 'https:// URL the bank delivers to; default this BFF\'s /v1/webhooks/banking.',
    secret_ref: 'The secret the deliveries are encrypted with; default the current BANK_SECRET_REF.',
    signature_algo: 'Omit: fixed to AES_GCM.',
    replay_window_sec: 'The bank\'s replay window, in seconds.',
    timeout_ms: 'The bank\'s delivery timeout, in milliseconds.',
    max_attempts: 'How many times the bank tries a delivery.',
    backoff_policy: 'The bank\'s retry policy, as the bank defines it.',
  },
  CreateWebhookEndpointRequest: {
    url: 'Where events are POSTed: https, or http on loopback only; the host must be public.',
    eventTypes: 'Only these event types are sent; omitted or empty: every type.',
    description: 'Your note about the endpoint (at most 200 characters).',
    expiresAt: 'ISO 8601 date-time when it stops receiving and leaves the list; in the future. Omitted: never.',
  },
  RenewWebhookEndpointRequest: {
    expiresAt: 'The new expiry: an ISO 8601 date-time in the future.',
  },
  RotateWebhookSecretRequest: {
    overlapSeconds: 'How long the old secret keeps signing beside the new one (default 86400, at most 7 days).',
  },
  ReceiveBankDeliveryRequest: {
    data: 'The bank\'s event, encrypted: base64 of nonce (12 bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes), key = SHA-256(BANK_SECRET_REF).',
  },
  ReceiveLinkWebhookRequest: {
    code: 'The gateway\'s result code (`1` approved).',
    codeDescription: 'The gateway\'s text for the code.',
    auth: 'The authorization code.',
    svcLinkId: 'The payment link\'s id. Spelled with GATEWAY_BRAND (`tilopay…` from Tilopay).',
    orderNumber: 'The order number the gateway gave this payment.',
    svcOrderId: 'The gateway\'s id of the payment. Spelled with GATEWAY_BRAND (`tilopay…` from Tilopay).',
    creditCardToken: 'The card token.',
    creditCardBrand: 'The card brand.',
    last4CreditCardNumber: 'The card\'s last four digits.',
    linkDescription: 'The link\'s description.',
    orderHash: 'The gateway\'s OrderHash of the report; without a verifiable one the payment is confirmed by lookup only.',
  },
};

/** `operationId.name` (or just `name`, for every operation) → description. */
const parameterDescriptions: Record<string, string> = {
  orderNumber: 'The order number.',
  id: 'The id.',
  limit: 'How many items a page holds.',
  cursor: '`nextCursor` of the previous page.',
  since: 'At or after this ISO 8601 date-time.',
  until: 'Before this ISO 8601 date-time.',
  'listOrders.orderNumber': 'Exact order number, or a prefix ending in `*` (`SVC-*`).',
  'listOrders.status': 'One status or several: `status=approved,captured`.',
  'listOrders.currency': 'One currency or several: `currency=CRC,USD`.',
  'listOrders.source': 'How the order was made: a catalog session, a merchant session, or a payment link.',
  'listOrders.email': 'The buyer\'s e-mail.',
  'listOrders.createdFrom': 'Created at or after (ISO 8601 date or date-time).',
  'listOrders.createdTo': 'Created before (ISO 8601 date or date-time).',
  'listOrders.clientReference': 'The `clientReference` given on the merchant session: an exact match.',
  'listWebhookEvents.type': 'Only events of this type.',
  'listWebhookEvents.orderNumber': 'Only events about this order (its order number, or a link payment\'s).',
  'listWebhookEvents.limit': 'Events per page.',
  'listWebhookEvents.cursor': '`nextCursor` of the previous page.',
  'listOrders.includeAbandoned': 'Without a status filter, `created` orders whose session ran out before checkout are left out; `true` lists them too.',
  'listTransactions.startDate': 'From this date (ISO 8601); default 30 days ago.',
  'listTransactions.endDate': 'Up to this date (ISO 8601); default now.',
  'listTransactions.onlyApproved': '`true` or `1`: approved transactions only.',
  'listTransactions.onlyAproved': 'The gateway\'s spelling of onlyApproved, accepted too.',
  'listTransactions.environment': 'The gateway environment.',
  'listTransactions.currency': currency,
  'listTransactions.merchantId': 'The gateway merchant.',
  'listTransactions.orderNumber': 'The gateway order number.',
  'listTransactions.email': 'The buyer\'s e-mail.',
  'listTransactions.auth': 'The authorization code.',
  'listPaymentLinks.page': 'The page number, from 1.',
  'getPaymentLink.id': 'The payment link\'s id.',
  'deletePaymentLink.id': 'The payment link\'s id.',
  'listBankPayments.matched': '`true`: payments that settled an order; `false`: unmatched ones.',
  'listBankPayments.status': 'The bank payment status.',
  'listBankPayments.reference': 'The client reference, as the buyer may have typed it (case, spaces and dashes ignored).',
  'listBankPayments.externalReference': 'The rail\'s reference printed on a SINPE receipt (`FT…`; case and spaces ignored): did that money arrive? An empty list when it never did.',
  'listBankPayments.amount': 'The amount the receipt shows (`15000` or `15000.00`): with receivedSince and receivedUntil, a receipt found without its reference.',
  'listBankPayments.receivedSince': 'Money that arrived at or after this instant (ISO 8601).',
  'listBankPayments.receivedUntil': 'Money that arrived before this instant (ISO 8601).',
  'settlementReport.date': 'The business day, `YYYY-MM-DD`, midnight to midnight in BUSINESS_TIME_ZONE.',
  'settlementReport.format': '`csv`: RFC 4180 CSV (the same as `Accept: text/csv`); `json` (default).',
  'attachBankPayment.paymentId': 'The bank payment\'s id.',
  'listBankFeatures.country_code': 'ISO 3166-1 alpha-2 country.',
  'listBankFeatures.payment_method_code': 'The payment method.',
  'listBankFeatures.webhook_enabled': 'Only features whose webhooks are (or are not) enabled.',
  'getBankEventContract.eventType': 'One of payin.posted, payment.succeeded, payment.failed, payment.reversed.',
  'listReceivedEvents.source': 'Who sent it: the bank or the gateway\'s link reports.',
  'listReceivedEvents.state': 'Processing state.',
  'listReceivedEvents.type': 'The event type as its sender names it.',
  'listWebhookDeliveries.state': 'Delivery state.',
  'listWebhookDeliveries.type': 'The merchant event type.',
  'listWebhookDeliveries.endpoint': 'The endpoint id (`env` for MERCHANT_WEBHOOK_URL).',
  'deleteWebhookEndpoint.id': 'The endpoint id.',
  'renewWebhookEndpoint.id': 'The endpoint id.',
  'rotateWebhookSecret.id': 'The endpoint id.',
  'replayWebhookDelivery.id': 'The delivery id.',
  'gatewayReturn.code': 'The gateway\'s result code (a hint only: the order is confirmed with consult).',
  'gatewayReturn.description': 'The gateway\'s text for the code.',
  'gatewayReturn.auth': 'The authorization code.',
  'gatewayReturn.order': 'The gateway order number of the attempt.',
  'gatewayReturn.tpt': 'The gateway\'s id of the order.',
  'gatewayReturn.crd': 'The card brand.',
  'gatewayReturn.svc-transaction': 'The gateway transaction id. Spelled with GATEWAY_BRAND (`tilopay…` from Tilopay).',
  'gatewayReturn.OrderHash': 'OrderHash V2, verified in constant time against the BFF\'s own record.',
  'gatewayReturn.returnData': 'The opaque reference the BFF gave the gateway.',
  'gatewayReturn.form_update': 'Set by the hosted page when the buyer edited the form.',
  'gatewayReturn.wp_cancel': '`yes` when the buyer cancelled on the hosted page (`cancel=1` from the sandbox): unsigned, it only words the answer while the gateway has no record.',
  'gatewayReturn.brand': 'The card brand, shown on the buyer\'s result when the gateway\'s record has none.',
  'gatewayReturn.last-digits': 'The card\'s last four digits, shown with `brand`.',
  'linkReturn.code': 'The gateway\'s result code.',
  'linkReturn.description': 'The gateway\'s text for the code.',
  'linkReturn.auth': 'The authorization code.',
  'linkReturn.svcLinkId': 'The payment link\'s id. Spelled with GATEWAY_BRAND (`tilopay…` from Tilopay).',
  'linkReturn.orderNumber': 'The order number the gateway gave this payment.',
  'linkReturn.svcOrderId': 'The gateway\'s id of the payment. Spelled with GATEWAY_BRAND (`tilopay…` from Tilopay).',
  'linkReturn.creditCardToken': 'The card token.',
  'linkReturn.creditCardBrand': 'The card brand.',
  'linkReturn.last4CreditCardNumber': 'The card\'s last four digits.',
  'linkReturn.orderHash': 'The gateway\'s OrderHash of the report.',
  'linkReturn.lang': 'The result page\'s language: es, en or pt-BR.',
};

type JsonSchema = Record<string, unknown>;

/**
 * Adds, to each property of `component` that has none of its own, the description under its dotted
 * path (`lines.unitAmount`: array items and union branches share their parent's path).
 */
export function describeFields(component: string, schema: JsonSchema): JsonSchema {
  const descriptions = fieldDescriptions[component];
  return descriptions ? describeAt(schema, '', descriptions) : schema;
}

function describeAt(schema: JsonSchema, prefix: string, descriptions: Record<string, string>): JsonSchema {
  const result: JsonSchema = { ...schema };
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key] as JsonSchema[] | undefined;
    if (branches) result[key] = branches.map((branch) => describeAt(branch, prefix, descriptions));
  }
  const items = schema.items as JsonSchema | undefined;
  if (items && typeof items === 'object') result.items = describeAt(items, prefix, descriptions);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    result.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const path = prefix ? `${prefix}.${name}` : name;
        const described = describeAt(property, path, descriptions);
        return [name, descriptions[path] && !property.description ? { ...described, description: descriptions[path] } : described];
      }),
    );
  }
  return result;
}

export function parameterDescription(operationId: string, name: string): string | undefined {
  return parameterDescriptions[`${operationId}.${name}`] ?? parameterDescriptions[name];
}
