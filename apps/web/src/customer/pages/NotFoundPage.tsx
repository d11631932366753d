/** @jsxImportSource preact */
export function NotFoundPage() {
  return (
    <div class="page">
      <main class="content center not-found">
        <h1>The page you were looking for was not here!</h1>
        <p>This link may have expired or been typed incorrectly. If a business sent it to you, please ask them for a new one.</p>
      </main>
    </div>
  );
}
