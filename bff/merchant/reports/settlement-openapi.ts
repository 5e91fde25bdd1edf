// The OpenAPI documentation of the settlement report (bff/http/openapi/route-doc.ts: the route carries it).
import { settlementCsvColumns, settlementReport } from '../../../contract/settlement-report.ts';
import { problems } from '../merchant-openapi.ts';
import type { RouteDoc } from '../../http/openapi/route-doc.ts';

export const settlementDocs = {
  settlementReport: {
    operationId: 'settlementReport',
    summary: "A business day's settlement",
    description:
      "The day's money (a day in BUSINESS_TIME_ZONE): one movement per card payment, refund and reversal the gateway approved (with the deductions it wrote) and per SINPE transfer in (matched, attached, unmatched) and its reversal (with the bank's fee and tax); totals per method and currency where gross − deductions = net to the céntimo; and the differences between our orders and the gateway's and bank's records. `format=csv` or `Accept: text/csv` answers RFC 4180 CSV, one row per movement, with the header date,time,orderNumber,clientReference,method,kind,currency,gross,commission,ivaCommission,retentionIva,retentionRent,cost,costIva,feeTotal,taxTotal,net,gatewayId,bankPaymentId,externalReference; amounts are never negative (the kind says which way), and a cell that would start with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe. Streamed: totals and differences follow the movements.",
    tags: ['merchant'],
    security: 'merchant',
    responses: {
      200: {
        description: 'The report (JSON; or text/csv).',
        schema: settlementReport,
        alternatives: {
          'text/csv': `RFC 4180 CSV, UTF-8, CRLF: the header ${settlementCsvColumns.join(',')} and one row per movement; a cell that would start with =, +, -, @, a tab or a CR has a leading apostrophe.`,
        },
      }, 400: problems[400], 401: problems[401], 503: problems[503] },
  },
} satisfies Record<string, RouteDoc>;
