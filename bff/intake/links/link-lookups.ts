// The gateway's record of a link (getLinkPaymentById), looked up at most once per link per
// LINK_LOOKUP_INTERVAL_MS in this process. Link reports are unsigned and link ids are sequential:
// without this, every invented report for one of our links bought a lookup per try. One lookup
// answers every report of the link pending at that time (its payments list names the svcOrderIds
// that exist); concurrent askers share the lookup in flight. Failures are not kept.
import type { GatewayClient } from '../../gateway/client.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import type { Clock } from '../../lib/observability/clock.ts';

export type GatewayLink = Awaited<ReturnType<GatewayClient['getLinkPaymentById']>>['data'];

export interface LinkListing {
  link: GatewayLink;
  /** When the gateway answered: a listing older than a report cannot refuse that report's payment. */
  fetchedAt: Date;
}

/** Links whose last lookup is remembered; our own links only reach here (link-screen.ts). */
const rememberedLinks = 10_000;

export class LinkLookups {
  private readonly listings: BoundedMap<string, LinkListing>;
  private readonly inFlight = new SingleFlight<string, LinkListing>();

  constructor(
    private readonly gateway: Pick<GatewayClient, 'getLinkPaymentById'>,
    private readonly clock: Clock,
    readonly intervalMs: number,
  ) {
    this.listings = new BoundedMap({ maxSize: rememberedLinks });
  }

  /** The link's listing: the remembered one until its interval has passed, a new lookup after. */
  async listing(linkId: string): Promise<LinkListing> {
    const remembered = this.listings.get(linkId);
    if (remembered && this.clock.now() < this.nextLookupAt(remembered)) return remembered;
    return this.inFlight.run(linkId, async () => {
      const fetchedAt = this.clock.now();
      const listing = { link: (await this.gateway.getLinkPaymentById(linkId)).data, fetchedAt };
      this.listings.set(linkId, listing);
      return listing;
    });
  }

  /** The last listing of the link, however old, without a lookup (what a page may show, never what decides). */
  remembered(linkId: string): LinkListing | undefined {
    return this.listings.get(linkId);
  }

  /** The earliest time this listing may be replaced by a new lookup. */
  nextLookupAt(listing: LinkListing): Date {
    return new Date(listing.fetchedAt.getTime() + this.intervalMs);
  }
}
