import type { ReactNode } from "react";

export interface HomeLayoutProps {
  news: ReactNode;
  tournaments: ReactNode;
  results: ReactNode;
  players: ReactNode;
  teams: ReactNode;
  transfers: ReactNode;
  videos: ReactNode;
  streams: ReactNode;
  social: ReactNode;
}

/**
 * The home grid (000 §2 Home page). Each slot is a self-contained panel with its own query, so a
 * failing panel never takes the others down. At ≥ 900 px the grid rows have fixed heights and
 * panels scroll inside; narrower, panels stack at natural height (src/styles/home.css).
 */
export function HomeLayout(slots: HomeLayoutProps) {
  return (
    <div className="home-grid">
      <div className="home-grid__news">{slots.news}</div>
      <div className="home-grid__tournaments">{slots.tournaments}</div>
      <div className="home-grid__results">{slots.results}</div>
      <div className="home-grid__players">{slots.players}</div>
      <div className="home-grid__teams">{slots.teams}</div>
      <div className="home-grid__transfers">{slots.transfers}</div>
      <div className="home-grid__videos">{slots.videos}</div>
      <div className="home-grid__streams">{slots.streams}</div>
      <div className="home-grid__social">{slots.social}</div>
    </div>
  );
}
