// The gateway as link report confirmation sees it: every call counted (link_report_gateway_calls_total),
// since unsigned reports are what drives these calls, and the link lookups shared per link for
// LINK_LOOKUP_INTERVAL_MS. One per app services (services.linkReports: the webhook pages and the
// inbox worker share it).
import type { GatewayClient } from '../../gateway/client.ts';
import type { Services } from '../../services.ts';
import { webhookMetricsFor } from '../webhooks/webhook-metrics.ts';
import { LinkLookups } from './link-lookups.ts';

export interface LinkReportGateway {
  gateway: Pick<GatewayClient, 'consult'>;
  linkLookups: LinkLookups;
}

export function linkReportGatewayOf(deps: Pick<Services, 'gateway' | 'clock' | 'config' | 'metrics'>): LinkReportGateway {
  const { gateway, clock, config, metrics } = deps;
  const calls = webhookMetricsFor(metrics).linkReportGatewayCalls;
  const counted: Pick<GatewayClient, 'getLinkPaymentById' | 'consult'> = {
    getLinkPaymentById: (linkId) => {
      calls.inc({ operation: 'getLinkPaymentById' });
      return gateway.getLinkPaymentById(linkId);
    },
    consult: (orderNumber) => {
      calls.inc({ operation: 'consult' });
      metrics.gatewayConsults.inc({ reason: 'link' });
      return gateway.consult(orderNumber);
    },
  };
  return { gateway: counted, linkLookups: new LinkLookups(counted, clock, config.LINK_LOOKUP_INTERVAL_MS) };
}

/** The merchant's gateway credentials, as a link report's lookups are made with. */
export function linkGatewayCredentials(config: Services['config']) {
  return { apiKey: config.GATEWAY_API_KEY, apiUser: config.GATEWAY_API_USER, apiPassword: config.GATEWAY_API_PASSWORD };
}
