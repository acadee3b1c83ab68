import { THINKING_TYPES } from '@lumen/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { THINKING_TEXTS } from '@/config/thinking-texts';
import { ThinkingIndicator } from './thinking-indicator';

describe('ThinkingIndicator', () => {
  it.each(THINKING_TYPES)("shows the spec's text for the '%s' thinking type", (type) => {
    render(<ThinkingIndicator type={type} />);
    expect(screen.getByRole('status')).toHaveTextContent(THINKING_TEXTS[type]);
  });

  it("reads 'Lumen is thinking...' for the general type, with animated dots", () => {
    render(<ThinkingIndicator type="general" />);
    expect(screen.getByRole('status')).toHaveTextContent('Lumen is thinking...');
    const dots = screen.getByTestId('animated-dots').children;
    expect(dots).toHaveLength(3);
    expect(dots[1]?.className).toContain('[animation-delay:0.2s]');
    expect(dots[2]?.className).toContain('[animation-delay:0.4s]');
  });
});
