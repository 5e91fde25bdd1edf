// The gateway as link report confirmation sees it: every call counted (link_report_gateway_calls_total),
// since unsigned reports are what drives these calls, and the link lookups shared per link for
// LINK_LOOKUP_INTERVAL_MS. One per app services (webhook pages and inbox worker share it).
import type { GatewayClient } from '../../gateway/client.ts';
import type { Services } from '../../services.ts';
import { webhookMetricsFor } from '../webhooks/webhook-metrics.ts';
import { LinkLookups } from './link-lookups.ts';

export interface LinkReportGateway {
  gateway: Pick<GatewayClient, 'consult'>;
  linkLookups: LinkLookups;
}

const perServices = new WeakMap<Services, LinkReportGateway>();

export function linkReportGatewayOf(services: Services): LinkReportGateway {
  let found = perServices.get(services);
  if (!found) {
    const { gateway, clock, config } = services;
    const calls = webhookMetricsFor(services.metrics).linkReportGatewayCalls;
    const counted: Pick<GatewayClient, 'getLinkPaymentById' | 'consult'> = {
      getLinkPaymentById: (linkId) => {
        calls.inc({ operation: 'getLinkPaymentById' });
        return gateway.getLinkPaymentById(linkId);
      },
      consult: (orderNumber) => {
        calls.inc({ operation: 'consult' });
        services.metrics.gatewayConsults.inc({ reason: 'link' });
        return gateway.consult(orderNumber);
      },
    };
    found = { gateway: counted, linkLookups: new LinkLookups(counted, clock, config.LINK_LOOKUP_INTERVAL_MS) };
    perServices.set(services, found);
  }
  return found;
}
