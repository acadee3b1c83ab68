/** Server-sent events of an AI SDK UI message stream, as POST /api/chat answers. */

type StreamChunk = { type: string } & Record<string, unknown>;

const encoder = new TextEncoder();

function toEvent(chunk: StreamChunk | '[DONE]'): Uint8Array {
  return encoder.encode(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);
}

const STREAM_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

/** A complete stream answering with these chunks. */
export function uiMessageStreamResponse(chunks: StreamChunk[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(toEvent(chunk));
      controller.enqueue(toEvent('[DONE]'));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: STREAM_HEADERS });
}

/** A stream the test writes to step by step (to see what the chat shows in between). */
export function createControlledStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    response: () => new Response(stream, { status: 200, headers: STREAM_HEADERS }),
    write(chunk: StreamChunk) {
      controller?.enqueue(toEvent(chunk));
    },
    close() {
      controller?.enqueue(toEvent('[DONE]'));
      controller?.close();
    },
  };
}

/** The chunks of a plain text answer (start, the text in one delta, finish). */
export function textAnswerChunks(text: string, extra: StreamChunk[] = []): StreamChunk[] {
  return [
    { type: 'start', messageId: 'answer-1', messageMetadata: { createdAt: '2026-11-21T10:05:00.000Z' } },
    { type: 'data-thinking', id: 'thinking', data: { type: 'general' } },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: text },
    { type: 'text-end', id: 't1' },
    ...extra,
    { type: 'finish', finishReason: 'stop' },
  ];
}
