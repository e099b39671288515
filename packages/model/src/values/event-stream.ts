/**
 * Reads a Server-Sent Events body (`text/event-stream`) as fetch gives it, calling `onEvent` with
 * each block's `event` and `data` lines; resolves when the stream ends and rejects when it is
 * dropped or aborted. The web's live notifications and the server's stream tests read the same
 * way (fetch rather than EventSource, which cannot send an `authorization` header).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
  onEvent: (event: string, data: string) => void,
): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) onEvent(event, data);
      end = buffer.indexOf('\n\n');
    }
  }
}
