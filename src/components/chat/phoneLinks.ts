// Phone numbers in an assistant's reply become tel: links, so a person in crisis reaches a helpline with one tap
// (the crisis reply names the operator's lines: +7 495 637-70-70, 051 / +7 495 051, 112, 8-800-2000-122 / 124).
// Pure: text in, pieces out.

export type TextPiece = { text: string } | { phone: string; href: string };

// +7 495 051 · 8-800-2000-122 · 8 (495) 123-45-67 · the short emergency and helpline codes as whole words (124: the
// children's helpline from a mobile).
const PHONE =
  /\+\d[\d\s()-]{4,}\d|(?<!\d)8[\s-]?\(?\d{3}\)?[\s-]?\d{3,4}[\s-]?\d{2,3}(?:[\s-]?\d{2})?(?!\d)|(?<![\d\p{L}])(?:112|101|102|103|104|051|124)(?![\d\p{L}])/gu;

export function phonePieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(PHONE)) {
    const phone = match[0];
    const digits = phone.replace(/\D/g, '');
    // An 8… number is a whole Russian number (11 digits); anything shorter is a date or a count, not a phone.
    if (phone.startsWith('8') && phone.length > 3 && digits.length !== 11) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ phone, href: `tel:${phone.startsWith('+') ? '+' : ''}${digits}` });
    last = match.index + phone.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
