/** `{name}` placeholders in English texts of the contract (error reasons, document failures): one way to read and fill them. */

/** The `{name}` placeholders of a text, as a union of names. */
export type PlaceholdersOf<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** A placeholder in a text: its name is the first group. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** The text with each placeholder that has a value replaced by it (others are left as they are). */
export function fillPlaceholders(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
