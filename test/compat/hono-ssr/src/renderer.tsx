import type { Child } from 'hono/jsx';
import { jsxRenderer } from 'hono/jsx-renderer';

declare module 'hono' {
  interface ContextRenderer {
    (content: Child, props: { title: string }): Response | Promise<Response>;
  }
}

export const renderer = jsxRenderer(({ children, title }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <title>{title}</title>
    </head>
    <body>
      <header>
        <a href="/">{title}</a>
      </header>
      <main>{children}</main>
    </body>
  </html>
));
