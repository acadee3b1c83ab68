import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIDEBAR } from '@/config/ui';
import { readSidebarCookie, Sidebar, SidebarInset, SidebarProvider, SidebarTrigger } from './sidebar';

function clearSidebarCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: test clean-up of the UI cookie.
  document.cookie = `${SIDEBAR.cookieName}=; path=/; max-age=0`;
}

function renderSidebar() {
  return render(
    <SidebarProvider>
      <Sidebar mobileTitle="Chat sidebar">
        <p>Sidebar content</p>
      </Sidebar>
      <SidebarInset>
        <SidebarTrigger aria-label="Toggle sidebar" />
      </SidebarInset>
    </SidebarProvider>,
  );
}

const sidebarState = () => document.querySelector('[data-slot="sidebar"]')?.getAttribute('data-state');

describe('Sidebar', () => {
  afterEach(() => {
    clearSidebarCookie();
    vi.restoreAllMocks();
  });

  it('is expanded by default, 16rem wide and 3rem when collapsed to icons', () => {
    const { container } = renderSidebar();
    expect(sidebarState()).toBe('expanded');
    const wrapper = container.querySelector<HTMLElement>('[data-slot="sidebar-wrapper"]');
    expect(wrapper?.style.getPropertyValue('--sidebar-width')).toBe('16rem');
    expect(wrapper?.style.getPropertyValue('--sidebar-width-icon')).toBe('3rem');
  });

  it("collapses with the trigger and keeps the state in the 'sidebar_state' cookie for 7 days", async () => {
    const cookieWrites: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      cookieWrites.push(value);
      descriptor?.set?.call(document, value);
    });
    const user = userEvent.setup();
    renderSidebar();

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(sidebarState()).toBe('collapsed');
    expect(document.querySelector('[data-slot="sidebar"]')).toHaveAttribute('data-collapsible', 'icon');
    expect(cookieWrites.at(-1)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(readSidebarCookie()).toBe(false);
  });

  it('starts from the saved state', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: sets up the saved state.
    document.cookie = `${SIDEBAR.cookieName}=false; path=/`;
    renderSidebar();
    expect(sidebarState()).toBe('collapsed');
  });

  it.each([
    ['Ctrl+B', { ctrlKey: true }],
    ['Cmd+B', { metaKey: true }],
  ])('toggles with %s', (_name, modifiers) => {
    renderSidebar();
    fireEvent.keyDown(window, { key: 'b', ...modifiers });
    expect(sidebarState()).toBe('collapsed');
    expect(readSidebarCookie()).toBe(false);
    fireEvent.keyDown(window, { key: 'B', ...modifiers });
    expect(sidebarState()).toBe('expanded');
    expect(readSidebarCookie()).toBe(true);
  });

  it('ignores B without Ctrl or Cmd', () => {
    renderSidebar();
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebarState()).toBe('expanded');
  });

  it('becomes a slide-in panel (18rem) under 768 px', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 767px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const user = userEvent.setup();
    renderSidebar();
    expect(screen.queryByText('Sidebar content')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    const panel = await screen.findByRole('dialog', { name: 'Chat sidebar' });
    expect(panel).toHaveTextContent('Sidebar content');
    expect(panel.style.getPropertyValue('--sidebar-width')).toBe('18rem');
    expect(readSidebarCookie()).toBeNull();
  });
});
