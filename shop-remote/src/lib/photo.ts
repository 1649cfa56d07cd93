/**
 * The API serves photos by URL (`photo` is an absolute image URL). Older records may still hold
 * a `data:` URL, which is used as is; bare base64 PNG text (the spec's original form) is wrapped
 * into a PNG data URL so it still shows.
 */
export function photoSrc(photo: string | null | undefined): string | undefined {
  const value = (photo ?? '').trim();
  if (!value) return undefined;
  if (/^(data:|blob:|https?:\/\/|\/)/i.test(value)) return value;
  if (/^[A-Za-z0-9+/=\s]+$/.test(value)) return `data:image/png;base64,${value.replace(/\s/g, '')}`;
  return value;
}
