import styled, { keyframes } from 'styled-components';
import { onboardingMachine, onboardingSlides, onboardingView } from '../../../machines/app/onboarding.machine';
import { useAuthActor } from '../../auth/AuthProvider';
import { Button } from '../../components/Button';
import { BubblesIcon, LeafIcon, SparklesIcon } from '../../components/icons';
import { onboardingCopy } from '../../copy/onboarding';
import { useFlow } from '../../flow/useFlow';
import { haptic } from '../../telegram/haptic';

const Shell = styled.main`
  min-height: calc(${({ theme }) => theme.fullHeight} - ${({ theme }) => theme.inset.top});
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.space(4)};
  padding-bottom: calc(${({ theme }) => theme.space(6)} + ${({ theme }) => theme.inset.bottom});
  background: ${({ theme }) => theme.color.bg};
  /* The slide-in starts 24px to the right: without the clip the page is wider than the phone for its 0.22 s, and a
     mobile browser zooms out to fit (the viewport Telegram's SDK measures then is 862px tall, not 844). */
  overflow-x: clip;
`;

const Top = styled.div`
  display: flex;
  justify-content: flex-end;
`;

// A CSS slide-in (not framer-motion: that would put ≈18 KB gzip on the first launch's path, see bench/bundle.ts).
const slideIn = keyframes`
  from { opacity: 0; transform: translateX(24px); }
  to { opacity: 1; transform: none; }
`;

const Slide = styled.div`
  animation: ${slideIn} 0.22s ease-out both;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
  flex: 1;
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(2)};
`;

const Emoji = styled.div`
  width: 96px;
  height: 96px;
  border-radius: 28px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.button};
  margin-bottom: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.tint(theme.color.button, 12)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: 1.2;
`;

const Text = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.hint};
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
`;

const Points = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  li {
    display: flex;
    gap: ${({ theme }) => theme.space(3)};
    align-items: flex-start;
  }
  li::before {
    content: '✓';
    flex: none;
    width: 24px;
    height: 24px;
    border-radius: 50%;
    display: grid;
    place-items: center;
    font-size: 0.8125rem;
    color: ${({ theme }) => theme.color.buttonText};
    background: ${({ theme }) => theme.color.button};
  }
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: 6px;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Dot = styled.span<{ $active: boolean }>`
  width: ${({ $active }) => ($active ? 20 : 6)}px;
  height: 6px;
  border-radius: 3px;
  /* Inactive dots in the hint colour, half strength: Telegram's separator all but vanishes in dark themes. */
  background: ${({ $active, theme }) => ($active ? theme.color.button : theme.tint(theme.color.hint, 50))};
  transition: width 0.2s ease;
`;

const SLIDE_ICONS = [<LeafIcon key="intro" />, <BubblesIcon key="features" />, <SparklesIcon key="trial" />];

/**
 * Route /onboarding: three slides; finishing or skipping tells the app-wide auth actor (which keeps and stores
 * the completion) and goes to /app/home.
 */
export default function OnboardingScreen() {
  const auth = useAuthActor();
  const { view, send } = useFlow(onboardingMachine, onboardingView, {
    actions: { markCompleted: () => auth.send({ type: 'ONBOARDING_COMPLETED' }) },
  });
  const { slide: index, isLast } = view;
  if (index === null) return null; // completed: navigating away
  const slide = onboardingCopy.slides[index]!;

  return (
    <Shell>
      <Top>
        <Button $variant="plain" onClick={() => send({ type: 'SKIP' })}>
          {onboardingCopy.skip}
        </Button>
      </Top>
      {/* A new key per slide restarts the slide-in. */}
      <Slide key={index}>
        <Emoji aria-hidden>{SLIDE_ICONS[index]}</Emoji>
        <Title>{slide.title}</Title>
        <Text>{slide.text}</Text>
        {slide.points.length ? (
          <Points>
            {slide.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </Points>
        ) : null}
        {slide.note ? <Note>{slide.note}</Note> : null}
      </Slide>
      <Dots aria-hidden>
        {onboardingSlides.map((name, i) => (
          <Dot key={name} $active={i === index} />
        ))}
      </Dots>
      <Button
        $block
        onClick={() => {
          haptic.tap();
          send({ type: isLast ? 'FINISH' : 'NEXT' });
        }}
      >
        {isLast ? onboardingCopy.start : onboardingCopy.next}
      </Button>
    </Shell>
  );
}
