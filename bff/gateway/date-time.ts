// The gateway's `Y-m-d H:i:s` timestamps carry no zone (gateway-api.md §2.3, §4.2). We read and
// write them as UTC, as the sandbox does; if the real gateway turns out to use local time, this is
// the one place to change.

export function parseGatewayDateTime(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function formatGatewayDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
