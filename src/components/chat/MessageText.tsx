// An assistant's words with phone numbers as tel: links (a helpline is one tap away); line breaks kept by CSS.
import { phonePieces } from './phoneLinks';

export function MessageText({ text }: { text: string }) {
  return (
    <>
      {phonePieces(text).map((piece, i) =>
        'href' in piece ? (
          <a key={i} href={piece.href}>
            {piece.phone}
          </a>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
