/** Three bouncing dots (still when the system asks for reduced motion), the second and third delayed by 0.2 s and 0.4 s (docs/product-rules.md#chat-uploads). */
export function AnimatedDots() {
  return (
    <span aria-hidden="true" data-testid="animated-dots" className="inline-flex items-center gap-1">
      <span className="size-1.5 motion-safe:animate-bounce rounded-full bg-current" />
      <span className="size-1.5 motion-safe:animate-bounce rounded-full bg-current [animation-delay:0.2s]" />
      <span className="size-1.5 motion-safe:animate-bounce rounded-full bg-current [animation-delay:0.4s]" />
    </span>
  );
}
