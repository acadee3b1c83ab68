import { describe, expect, it } from 'vitest';
import { toSpokenText } from './spoken-text';

describe('toSpokenText', () => {
  it('keeps the words and citation markers and drops the markup', () => {
    expect(toSpokenText('## Plan\n\nThe **launch** is on *May 4* [1].\n\n- first\n- `second`')).toBe(
      'Plan The launch is on May 4 [1]. first second',
    );
  });

  it('reads links and images by their text, not their address', () => {
    expect(toSpokenText('See [the plan](https://example.com/plan) and ![chart](c.png).')).toBe(
      'See the plan and chart.',
    );
  });

  it('leaves snake_case and arithmetic alone', () => {
    expect(toSpokenText('Use file_name, 2 * 3 = 6.')).toBe('Use file_name, 2 * 3 = 6.');
  });
});
