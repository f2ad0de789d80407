// Framed in a blog post, the page drops its heading for a compact layout.
// Run before the page is first drawn (a plain script in its head), so the
// heading never shows for a moment
if (window.top !== window.self) document.documentElement.classList.add('embedded')
