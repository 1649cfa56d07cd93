/** A multipart/form-data body with one file field (what a browser sends for an upload). */
export function multipartFile(content: Buffer, opts: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----resil${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'photo.png'}"\r\n` +
        `Content-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
