export function renderHtml(content: string) {
	return `
    <!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="UTF-8">
        <title>D1</title>
      </head>
      <body>
        <main>
          <h1>🎉 Successfully connected d1-inventory to D1</h1>
          <pre><code><span style="color: #0E838F">&gt; </span>SELECT * FROM comments LIMIT 3;<br>${content}</code></pre>
        </main>
      </body>
    </html>
`;
}
