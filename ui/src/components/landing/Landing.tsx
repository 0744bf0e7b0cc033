import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { LANDING_SECTION_COUNT, landingDotClass, landingOffset, landingPanelClass } from '../../lib/landing'
import { rememberInviteRef, safeSessionStorage } from '../../lib/invite'
import { Wordmark } from '../layout/Logo'
import {
  ArrowRightIcon,
  ChartIcon,
  ChevronDownIcon,
  ClockIcon,
  FilmIcon,
  HeartIcon,
  MessageIcon,
  StarIcon,
  TrophyIcon,
  UsersIcon,
} from '../ui/landingIcons'
import { FloatingEmojis } from './FloatingEmojis'
import { TaglineRotator } from './TaglineRotator'
import { useLandingSteps } from './useLandingSteps'

// An invite link (/?ref={id}, SPEC §9) lands here: remember the inviter for the sign-up
// form, across the sign-in page.
if (typeof window !== 'undefined') rememberInviteRef(window.location.search, safeSessionStorage())

// Both calls to action are full-page navigations to the sign-in endpoint (SPEC §1).
const LOGIN_URL = '/api/login'

const sectionTitles = ['Welcome', 'Track. Rate. Connect.', 'Your Movie Journey, Visualized', 'Ready to Start?']

/**
 * Landing: the visitor's page at / (SPEC §2): four full-screen sections stepped by wheel,
 * arrow keys or swipes, with dots to jump, over floating emojis. Sections out of view are
 * inert; with reduced motion the sections switch without sliding and nothing floats.
 * The build pre-renders it into index.html (vite.config.ts), where src/landing/static.ts
 * moves it without React, finding its parts by their data-landing attributes.
 */
export function Landing() {
  useDocumentTitle()
  const { index, step, jump, handlers } = useLandingSteps()

  return (
    <div data-landing="root" className="fixed inset-0 overflow-hidden bg-base-100 text-base-content" {...handlers}>
      <Backdrop />
      <FloatingEmojis />
      <header className="absolute inset-x-0 top-0 z-20 flex items-center justify-between px-5 py-4 sm:px-8">
        <Wordmark />
        <a href={LOGIN_URL} className="btn btn-ghost btn-sm">
          Sign in
        </a>
      </header>

      <div
        data-landing="track"
        className="relative z-10 h-full transition-transform duration-700 ease-[cubic-bezier(.65,0,.35,1)] motion-reduce:transition-none"
        style={{ transform: landingOffset(index) }}
      >
        <Section active={index === 0} labelledBy="landing-hero">
          <Hero onNext={() => step(1)} />
        </Section>
        <Section active={index === 1} labelledBy="landing-features">
          <Features />
        </Section>
        <Section active={index === 2} labelledBy="landing-stats">
          <Stats />
        </Section>
        <Section active={index === 3} labelledBy="landing-cta">
          <CallToAction />
        </Section>
      </div>

      <nav
        aria-label="Sections"
        className="absolute bottom-5 left-1/2 z-20 flex -translate-x-1/2 gap-1 sm:top-1/2 sm:right-6 sm:bottom-auto sm:left-auto sm:translate-x-0 sm:-translate-y-1/2 sm:flex-col"
      >
        {Array.from({ length: LANDING_SECTION_COUNT }, (_, i) => (
          // The dot is small; the button around it is a 24 px target (WCAG 2.5.8).
          <button
            key={i}
            type="button"
            onClick={() => jump(i)}
            data-landing="dot"
            aria-label={`Go to section ${i + 1}: ${sectionTitles[i]}`}
            aria-current={index === i ? 'step' : undefined}
            className="group grid min-h-6 min-w-6 place-items-center rounded-full"
          >
            <span className={landingDotClass(index === i)} />
          </button>
        ))}
      </nav>
    </div>
  )
}

function Section({ active, labelledBy, children }: { active: boolean; labelledBy: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={labelledBy}
      inert={!active}
      data-landing="section"
      className="flex h-full items-center justify-center px-6 pt-16 pb-10 sm:px-12"
    >
      <div data-landing="panel" className={landingPanelClass(active)}>
        {children}
      </div>
    </section>
  )
}

function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      <div className="absolute -top-40 -left-32 size-[32rem] rounded-full bg-primary/20 blur-3xl" />
      <div className="absolute -right-40 -bottom-48 size-[36rem] rounded-full bg-secondary/20 blur-3xl" />
      <div className="absolute top-1/3 left-2/3 size-72 rounded-full bg-accent/10 blur-3xl" />
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,color-mix(in_oklab,var(--color-base-content)_8%,transparent)_1px,transparent_0)] [background-size:28px_28px]" />
    </div>
  )
}

function Hero({ onNext }: { onNext: () => void }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
      <span className="badge badge-soft badge-primary mb-6 gap-1.5 py-3">
        <FilmIcon className="size-3.5" /> The social movie &amp; TV diary
      </span>
      <h1 id="landing-hero" className="text-5xl font-black tracking-tight sm:text-7xl">
        Cine<span className="text-gradient">Circle</span>
      </h1>
      <TaglineRotator className="mt-5 min-h-[2.5em] text-xl font-semibold text-base-content/85 sm:min-h-0 sm:text-3xl" />
      <p className="mt-4 max-w-xl text-base text-base-content/70 sm:text-lg">
        Log every movie, show and episode you watch, rate and review them, and see what your friends are watching, all
        in one place.
      </p>
      <a href={LOGIN_URL} className="btn btn-primary btn-lg mt-8 gap-2 rounded-full px-8 shadow-lg shadow-primary/30">
        Start Your Movie Journey
        <ArrowRightIcon className="size-5" />
      </a>
      <button
        type="button"
        onClick={onNext}
        data-landing="next"
        className="btn btn-ghost btn-circle mt-10 animate-bounce text-base-content/60 motion-reduce:animate-none"
        aria-label="Next section"
      >
        <ChevronDownIcon className="size-6" />
      </button>
    </div>
  )
}

const features = [
  {
    icon: <FilmIcon className="size-6" />,
    title: 'Track',
    text: 'Keep a diary of every movie, TV show and episode, with the day you watched it and who you watched it with.',
  },
  {
    icon: <StarIcon className="size-6" />,
    title: 'Rate',
    text: 'Score anything from 0 to 10, down to one decimal, and write the review your friends will argue about.',
  },
  {
    icon: <UsersIcon className="size-6" />,
    title: 'Connect',
    text: 'Follow friends, react to their feed with likes, comments and GIFs, and rate the films you saw together.',
  },
]

function Features() {
  return (
    <div className="text-center">
      <h2 id="landing-features" className="text-4xl font-black tracking-tight sm:text-6xl">
        Track. Rate. Connect.
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-base-content/70 sm:text-lg">
        Everything you watch, and everything your friends think about it.
      </p>
      <div className="mt-10 grid gap-4 text-left sm:grid-cols-3">
        {features.map((f) => (
          <div key={f.title} className="card border border-base-300 bg-base-100/80 shadow-sm backdrop-blur">
            <div className="card-body gap-3 p-5 sm:p-6">
              <div className="grid size-11 place-items-center rounded-field bg-primary/10 text-primary">{f.icon}</div>
              <h3 className="text-lg font-bold">{f.title}</h3>
              <p className="text-sm text-base-content/70">{f.text}</p>
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}

const stats = [
  { icon: <FilmIcon className="size-5" />, label: 'Movies watched', text: 'Month by month' },
  { icon: <MessageIcon className="size-5" />, label: 'Reviews written', text: 'Your takes, counted' },
  { icon: <ClockIcon className="size-5" />, label: 'Hours watched', text: 'Screen time, honestly' },
  { icon: <TrophyIcon className="size-5" />, label: 'Challenges', text: 'Goals and achievements' },
  { icon: <ChartIcon className="size-5" />, label: 'Leaderboards', text: 'See who watches most' },
  { icon: <HeartIcon className="size-5" />, label: 'Favourites', text: 'Your top-rated titles' },
]

// Bar heights of the decorative chart: an illustration, not anyone's data.
const bars = [35, 55, 40, 70, 50, 85, 65, 95, 60, 75, 45, 80]

function Stats() {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <div className="text-center lg:text-left">
        <h2 id="landing-stats" className="text-4xl font-black tracking-tight sm:text-5xl">
          Your Movie Journey, Visualized
        </h2>
        <p className="mt-4 text-base-content/70 sm:text-lg">
          Monthly stats, challenges and leaderboards turn your watching habits into a story you can share.
        </p>
        <div className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {stats.map((s) => (
            <div key={s.label} className="rounded-box border border-base-300 bg-base-100/80 p-3 text-left backdrop-blur">
              <div className="text-primary">{s.icon}</div>
              <div className="mt-2 text-sm font-semibold">{s.label}</div>
              <div className="text-xs text-base-content/60">{s.text}</div>
            </div>
          ))}
        </div>
      </div>
      <div aria-hidden="true" className="hidden rounded-box border border-base-300 bg-base-100/80 p-6 shadow-xl backdrop-blur lg:block">
        <div className="mb-4 flex items-center justify-between text-sm">
          <span className="font-semibold">A year of movie nights</span>
          <span className="badge badge-soft badge-secondary">Illustration</span>
        </div>
        <div className="flex h-56 items-end gap-2">
          {bars.map((h, i) => (
            <div key={i} className="flex-1 rounded-t-md bg-gradient-to-t from-primary to-secondary opacity-90" style={{ height: `${h}%` }} />
          ))}
        </div>
        <div className="mt-2 flex justify-between text-xs text-base-content/50">
          <span>Jan</span>
          <span>Jun</span>
          <span>Dec</span>
        </div>
      </div>
    </div>
  )
}

function CallToAction() {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id="landing-cta" className="text-4xl font-black tracking-tight sm:text-6xl">
        Ready to Start?
      </h2>
      <p className="mt-4 text-base-content/70 sm:text-lg">
        Create your account, invite your friends, and log the last thing you watched. It takes a minute.
      </p>
      <a href={LOGIN_URL} className="btn btn-primary btn-lg mt-8 gap-2 rounded-full px-8 shadow-lg shadow-primary/30">
        Get Started Now
        <ArrowRightIcon className="size-5" />
      </a>
      <p className="mt-6 text-sm text-base-content/50">Self-hosted. Your diary stays on your community&apos;s server.</p>
    </div>
  )
}
