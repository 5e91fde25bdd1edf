// Which unsigned link reports for one of our links may wait in the inbox as a row. Anyone can post
// one (gateway-api.md §6.3 is unsigned) naming one of our links, whose ids the gateway hands out in
// sequence, and an invented svcOrderId. Kept as a row, for the retention period, is a report:
//   - for a payment already stored (it is only noted as seen),
//   - for a payment the link's last listing shows,
//   - whose orderHash verifies against our own record of the link (no stranger can compute it);
// any other report is a claim only a later listing can vouch for. At most
// LINK_UNLISTED_REPORTS_PER_LINK such claims wait per link, and
// LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR per sender; past either cap the report is only counted
// on the link (own_payment_links.unlisted_reports), as is every waiting claim the listing then
// refuses (the inbox worker's 'forget': event-handlers.ts).
import { sql } from 'kysely';
import type { FixedWindowLimiter } from '../../http/rate-limit.ts';
import { pendingEvent } from '../inbox/inbox.ts';
import type { WebhookDb, WebhookTrx } from '../../store/webhook-tables.ts';
import { withoutCommitSync } from '../../store/unsynced-commits.ts';
import { checkHash, linkPaymentIds, type LinkConfirmationDeps } from './link-confirmation.ts';
import type { LinkLookups } from './link-lookups.ts';
import type { LinkReport } from './link-report.ts';

export interface LinkReportAdmissionDeps {
  db: WebhookDb;
  linkLookups: LinkLookups;
  credentials: LinkConfirmationDeps['credentials'];
  /** LINK_UNLISTED_REPORTS_PER_LINK. */
  unlistedPerLink: number;
  /** LINK_UNLISTED_REPORTS_PER_ADDRESS_PER_HOUR, keyed by the sender's address. */
  unlistedPerAddress: FixedWindowLimiter;
  now: () => Date;
}

export type LinkReportAdmission = 'store' | 'count';

export class LinkReportAdmissions {
  /** One decision at a time per link, so concurrent claims cannot all see room under the cap. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: LinkReportAdmissionDeps) {}

  /**
   * Decides for a report already screened as one of our links, and runs `store` while the link's
   * decision is held, so the next claim counts this one. 'count': counted on the link, nothing stored.
   */
  async admit<T>(report: LinkReport, address: string, store: () => Promise<T>): Promise<{ admission: 'store'; stored: T } | { admission: 'count' }> {
    if (await this.vouchedFor(report)) return { admission: 'store', stored: await store() };
    return this.serially(report.svcLinkId, async () => {
      if ((await this.waitingClaims(report.svcLinkId)) >= this.deps.unlistedPerLink || this.deps.unlistedPerAddress.hit(address) > 0) {
        // A lost count (a crash before the next sync) costs nothing: skip the fsync a flood would buy.
        await withoutCommitSync(this.deps.db, (db) => countUnlistedReport(db, report.svcLinkId, this.deps.now()));
        return { admission: 'count' as const };
      }
      return { admission: 'store' as const, stored: await store() };
    });
  }

  private async vouchedFor(report: LinkReport): Promise<boolean> {
    const { db } = this.deps;
    const known = await db.selectFrom('link_payments').select('svc_order_id').where('svc_order_id', '=', report.svcOrderId).executeTakeFirst();
    if (known) return true;
    const listing = this.deps.linkLookups.remembered(report.svcLinkId);
    if (listing && linkPaymentIds(listing.link.payments).includes(report.svcOrderId)) return true;
    if (!report.orderHash) return false;
    const link = await db.selectFrom('own_payment_links').select(['amount', 'currency']).where('link_id', '=', report.svcLinkId).executeTakeFirst();
    return link !== undefined && (await checkHash({ credentials: this.deps.credentials }, report, link)) === 'verified';
  }

  /** The link's reports waiting in the inbox (read from the waiting-events index), up to the cap. */
  private async waitingClaims(linkId: string): Promise<number> {
    const rows = await this.deps.db
      .selectFrom('events')
      .select('id')
      .where(pendingEvent)
      .where('source', '=', 'links')
      .where('external_id', 'like', `${linkId}:%`)
      .limit(this.deps.unlistedPerLink)
      .execute();
    return rows.length;
  }

  private serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return next;
  }
}

/** One more unsigned report the link's listing did not show: a count, never a row. */
export async function countUnlistedReport(db: WebhookDb | WebhookTrx, linkId: string, now: Date): Promise<void> {
  await db
    .updateTable('own_payment_links')
    .set({ unlisted_reports: sql`unlisted_reports + 1`, last_unlisted_at: now.toISOString() })
    .where('link_id', '=', linkId)
    .execute();
}
