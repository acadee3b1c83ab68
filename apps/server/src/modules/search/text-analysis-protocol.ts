/** What the app and its text analysis worker say to each other (ADR 0095). */

export interface AnalysisRequest {
  id: number;
  titles: string[];
  texts: string[];
}

export type AnalysisReply =
  | { id: number; vectors: string[] }
  | { id: number; error: string }
  /** Sent once, when the worker's database has started and analysed a first text. */
  | { ready: true };

/**
 * A passage's terms as the indexing statement would compute them (`indexed title || ' ' || text`, the 'english'
 * configuration), as tsvector text, in the order given.
 */
export const ANALYSIS_SQL = `
  SELECT to_tsvector('english', p.title || ' ' || p.text)::text AS vector
  FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p (title, text, position)
  ORDER BY p.position`;
