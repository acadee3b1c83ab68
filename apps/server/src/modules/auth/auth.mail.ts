import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

function layout(
  greeting: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): Omit<MailMessage, 'to'> & { subject: string } {
  const text = `${greeting}\n\n${intro}\n\n${action}: ${url}\n\n${outro}\n\n— Lumen`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>
<p style="color:#666">${escapeHtml(outro)}</p><p>— Lumen</p></body></html>`;
  return { subject: '', text, html, links: [url] };
}

export function buildVerificationMail(to: string, firstName: string, url: string): MailMessage {
  return {
    ...layout(
      `Hi ${firstName || 'there'},`,
      'Welcome to Lumen. Confirm your email address to finish creating your account.',
      'Confirm your email',
      url,
      'If you did not sign up for Lumen, you can ignore this message.',
    ),
    to,
    subject: 'Confirm your email for Lumen',
  };
}

export function buildPasswordResetMail(to: string, firstName: string, url: string): MailMessage {
  return {
    ...layout(
      `Hi ${firstName || 'there'},`,
      'Someone asked to reset the password of your Lumen account. The link works for one hour.',
      'Reset your password',
      url,
      'If you did not ask for this, you can ignore this message; your password stays the same.',
    ),
    to,
    subject: 'Reset your Lumen password',
  };
}
