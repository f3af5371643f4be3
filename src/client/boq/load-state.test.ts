import { describe, expect, it } from "vitest";
import { BOQ_TEXTS, boqLoadState, boqStaleTime } from "./load-state";
import type { BoqView } from "../../common/types";

const answer = (status: BoqView["status"]): BoqView => ({
  status,
  phase: null,
  positions: [],
  counts: null,
  chargeablePositions: 0,
  prices: null,
});

describe("LV tab load state", () => {
  it("says 'wird geladen' while fetching and 'wird gelesen' only when the server reports the reading", () => {
    expect(boqLoadState({ data: undefined, isError: false, isFetchedAfterMount: false })).toEqual({ kind: "fetching" });
    expect(boqLoadState({ data: answer("pending"), isError: false, isFetchedAfterMount: true })).toEqual({
      kind: "reading",
      label: BOQ_TEXTS.reading,
    });
    expect(BOQ_TEXTS.fetching).toBe("Leistungsverzeichnis wird geladen…");
    expect(BOQ_TEXTS.reading).toMatch(/^Das Leistungsverzeichnis wird gelesen/);
  });

  it("shows the file's place in the queue with correct plurals and an estimate", () => {
    const pending = (queue: BoqView["queue"]) =>
      boqLoadState({ data: { ...answer("pending"), queue }, isError: false, isFetchedAfterMount: true });
    expect(pending({ reading: false, filesAhead: 2, estimateSeconds: 190 })).toEqual({
      kind: "reading",
      label: "Das Leistungsverzeichnis wird gelesen – noch 2 Dateien vor Ihrer (etwa 3 Minuten).",
    });
    expect(pending({ reading: false, filesAhead: 1, estimateSeconds: 40 })).toMatchObject({
      label: "Das Leistungsverzeichnis wird gelesen – noch 1 Datei vor Ihrer (weniger als eine Minute).",
    });
    expect(pending({ reading: false, filesAhead: 5, estimateSeconds: 75 })).toMatchObject({
      label: "Das Leistungsverzeichnis wird gelesen – noch 5 Dateien vor Ihrer (etwa eine Minute).",
    });
    expect(pending({ reading: false, filesAhead: 3, estimateSeconds: null })).toMatchObject({
      label: "Das Leistungsverzeichnis wird gelesen – noch 3 Dateien vor Ihrer.",
    });
    expect(pending({ reading: true, filesAhead: 0, estimateSeconds: 4 })).toMatchObject({ label: BOQ_TEXTS.reading });
    expect(pending(null)).toMatchObject({ label: BOQ_TEXTS.reading });
  });

  it("does not take a cached 'pending' of an earlier visit for a running reading, and asks again", () => {
    expect(boqLoadState({ data: answer("pending"), isError: false, isFetchedAfterMount: false })).toEqual({ kind: "fetching" });
    expect(boqStaleTime(answer("pending"), 300_000)).toBe(0);
    expect(boqStaleTime(answer("done"), 300_000)).toBe(300_000);
  });

  it("shows a read LV, an unreadable file and a missing LV", () => {
    expect(boqLoadState({ data: answer("done"), isError: false, isFetchedAfterMount: false }).kind).toBe("done");
    expect(boqLoadState({ data: answer("failed"), isError: false, isFetchedAfterMount: true }).kind).toBe("unreadable");
    expect(boqLoadState({ data: answer("unsupported"), isError: false, isFetchedAfterMount: true }).kind).toBe("unreadable");
    expect(boqLoadState({ data: undefined, isError: true, isFetchedAfterMount: true })).toEqual({ kind: "missing" });
    expect(boqLoadState({ data: answer("pending"), isError: true, isFetchedAfterMount: true })).toEqual({ kind: "missing" });
  });
});
