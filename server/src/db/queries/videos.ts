import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { rewards } from '#contract/constants.ts';
import type { VideoGroup } from '#contract/endpoints/videos.ts';
import type { Section } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { users } from '../schema/accounts.ts';
import { type TranscriptStatus, transcriptSections, transcripts, userVideos } from '../schema/videos.ts';
import type { Db } from '../types.ts';
import { refreshTranscriptWords } from './coverage.ts';

const DAY_MS = 86_400_000;

type VideoKey = { userId: number; youtubeId: string; language: LearningLanguage };

/** The learner's row for a video in a language. */
const ownVideo = ({ userId, youtubeId, language }: VideoKey) =>
  and(eq(userVideos.userId, userId), eq(userVideos.youtubeId, youtubeId), eq(userVideos.language, language));

export type ProcessingVideo = { id: number; videoId: string; title: string; jobStatus: TranscriptStatus };

/** The learner's allowance per 7-day cycle: free 2, Pro Gold 4 (docs/decisions/0011-the-video-limit.md). */
export type VideoAllowance = { free: number; pro: number };

export type AddVideoResult = { added: ProcessingVideo; queue: number | null } | { limitReached: true };

/**
 * Adds a video to a learner's list in one transaction with the limit check (the user row is locked first, so
 * parallel requests at the edge cannot exceed it). When the cycle has run out it starts a new one first. The
 * transcript is shared: a finished one is the learner's at once; a failed one is tried again. `queue` names the
 * transcript a job must now make, if any.
 */
export async function addVideo(
  db: Db,
  input: VideoKey & { title: string; now: Date; pro: boolean },
  allowance: VideoAllowance,
): Promise<AddVideoResult> {
  const { userId, youtubeId, language, title, now } = input;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ videoLimit: users.videoLimit, cycleStart: users.videoLimitLastUpdatedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new Error('User vanished');
    let { videoLimit, cycleStart } = user;
    const cycleMs = rewards.videoCycleDays * DAY_MS;
    if (now.getTime() - cycleStart.getTime() >= cycleMs) {
      const cycles = Math.floor((now.getTime() - cycleStart.getTime()) / cycleMs);
      cycleStart = new Date(cycleStart.getTime() + cycles * cycleMs);
      videoLimit = input.pro ? allowance.pro : allowance.free;
      await tx.update(users).set({ videoLimit, videoLimitLastUpdatedAt: cycleStart }).where(eq(users.id, userId));
    }

    const [existing] = await tx
      .select({ id: userVideos.id, transcriptId: userVideos.transcriptId, status: transcripts.status })
      .from(userVideos)
      .innerJoin(transcripts, eq(transcripts.id, userVideos.transcriptId))
      .where(ownVideo(input));
    // A video already in the list costs nothing again, unless it failed (failed ones do not count).
    if (!existing || existing.status === 'failed') {
      const [counted] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(userVideos)
        .innerJoin(transcripts, eq(transcripts.id, userVideos.transcriptId))
        .where(
          and(eq(userVideos.userId, userId), gte(userVideos.createdAt, cycleStart), ne(transcripts.status, 'failed')),
        );
      if ((counted?.count ?? 0) >= videoLimit) return { limitReached: true } as const;
    }

    await tx
      .insert(transcripts)
      .values({ youtubeId, language, status: 'created', createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    const [transcript] = await tx
      .select({ id: transcripts.id, status: transcripts.status })
      .from(transcripts)
      .where(and(eq(transcripts.youtubeId, youtubeId), eq(transcripts.language, language)))
      .for('update');
    if (!transcript) throw new Error('Transcript vanished');
    let queue: number | null = transcript.status === 'created' ? transcript.id : null;
    let status = transcript.status;
    if (status === 'failed') {
      status = 'created';
      queue = transcript.id;
      await tx
        .update(transcripts)
        .set({ status, failure: null, updatedAt: now })
        .where(eq(transcripts.id, transcript.id));
    }

    const [row] = existing
      ? await tx
          .update(userVideos)
          // A failed video added again counts in this cycle; one already there keeps its place and cycle.
          .set(existing.status === 'failed' ? { title, createdAt: now } : { title })
          .where(eq(userVideos.id, existing.id))
          .returning({ id: userVideos.id })
      : await tx
          .insert(userVideos)
          .values({ userId, transcriptId: transcript.id, youtubeId, language, title, createdAt: now })
          .returning({ id: userVideos.id });
    if (!row) throw new Error('Video not saved');
    return { added: { id: row.id, videoId: youtubeId, title, jobStatus: status }, queue };
  });
}

/** The learner's videos by language, the requested language first: finished ones, and the rest with their job's state. */
export async function listVideoGroups(db: Db, userId: number, first: LearningLanguage): Promise<VideoGroup[]> {
  const rows = await db
    .select({
      id: userVideos.id,
      videoId: userVideos.youtubeId,
      language: userVideos.language,
      title: userVideos.title,
      status: transcripts.status,
    })
    .from(userVideos)
    .innerJoin(transcripts, eq(transcripts.id, userVideos.transcriptId))
    .where(eq(userVideos.userId, userId))
    .orderBy(asc(userVideos.createdAt), asc(userVideos.id));
  const groups = new Map<LearningLanguage, VideoGroup>();
  for (const row of rows) {
    let group = groups.get(row.language);
    if (!group) {
      group = { lang: row.language, videos: [], processingVideos: [] };
      groups.set(row.language, group);
    }
    if (row.status === 'completed') group.videos.push({ videoId: row.videoId, title: row.title });
    else group.processingVideos.push({ id: row.id, videoId: row.videoId, title: row.title, jobStatus: row.status });
  }
  return [...groups.values()].sort((a, b) => Number(b.lang === first) - Number(a.lang === first));
}

/**
 * Sections from `index` on, at most `size`, of a finished transcript in the learner's list; undefined when the
 * learner has no such finished video.
 */
export async function transcriptBatch(
  db: Db,
  input: VideoKey & { index: number; size: number },
): Promise<Section[] | undefined> {
  const [video] = await db
    .select({ transcriptId: userVideos.transcriptId })
    .from(userVideos)
    .innerJoin(transcripts, eq(transcripts.id, userVideos.transcriptId))
    .where(and(ownVideo(input), eq(transcripts.status, 'completed')));
  if (!video) return undefined;
  const rows = await db
    .select({ offset: transcriptSections.offset, tokens: transcriptSections.tokens })
    .from(transcriptSections)
    .where(and(eq(transcriptSections.transcriptId, video.transcriptId), gte(transcriptSections.position, input.index)))
    .orderBy(asc(transcriptSections.position))
    .limit(input.size);
  return rows.map((row) => ({ tokens: row.tokens, offset: row.offset }));
}

/** Removes a video from the learner's list (the shared transcript stays for others); false when it was not there. */
export async function deleteVideo(db: Db, input: VideoKey): Promise<boolean> {
  const deleted = await db.delete(userVideos).where(ownVideo(input)).returning({ id: userVideos.id });
  return deleted.length > 0;
}

export async function findTranscript(db: Db, id: number) {
  const [row] = await db
    .select({
      id: transcripts.id,
      youtubeId: transcripts.youtubeId,
      language: transcripts.language,
      status: transcripts.status,
      uploadedCues: transcripts.uploadedCues,
    })
    .from(transcripts)
    .where(eq(transcripts.id, id));
  return row;
}

export async function setTranscriptStatus(
  db: Db,
  id: number,
  status: TranscriptStatus,
  now: Date,
  failure: string | null = null,
): Promise<void> {
  await db.update(transcripts).set({ status, failure, updatedAt: now }).where(eq(transcripts.id, id));
}

/**
 * A transcript still waiting for its job (`created`, `retry`) marked as failed: its job was cancelled, so it would
 * wait for ever, and the next start of the workers would send it again (`waitingTranscripts`). Its learners see it
 * failed and may upload subtitles or add it again, which queue it anew.
 */
export async function failWaitingTranscript(db: Db, id: number, failure: string, now: Date): Promise<void> {
  await db
    .update(transcripts)
    .set({ status: 'failed', failure, updatedAt: now })
    .where(and(eq(transcripts.id, id), inArray(transcripts.status, ['created', 'retry'])));
}

/** Stores a transcript's sections and marks it finished, in one transaction (a retry replaces what a run left). */
export async function storeTranscript(db: Db, id: number, sections: readonly Section[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(transcriptSections).where(eq(transcriptSections.transcriptId, id));
    for (let start = 0; start < sections.length; start += 500) {
      await tx.insert(transcriptSections).values(
        sections.slice(start, start + 500).map((section, offset) => ({
          transcriptId: id,
          position: start + offset,
          offset: section.offset ?? 0,
          tokens: section.tokens,
        })),
      );
    }
    await refreshTranscriptWords(tx, [id]);
    await tx
      .update(transcripts)
      .set({ status: 'completed', failure: null, updatedAt: now })
      .where(eq(transcripts.id, id));
  });
}

/** Who has a transcript in their list, with their title for it: the ones to tell when its job ends. */
export async function transcriptLearners(db: Db, transcriptId: number) {
  return db
    .select({ userId: userVideos.userId, title: userVideos.title })
    .from(userVideos)
    .where(eq(userVideos.transcriptId, transcriptId));
}

/** Transcripts waiting for a job (a crash between commit and send leaves one so): sent again when workers start. */
export async function waitingTranscripts(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: transcripts.id })
    .from(transcripts)
    .where(inArray(transcripts.status, ['created', 'retry']));
  return rows.map((row) => row.id);
}

/**
 * Gives a learner's new or failed video the cues of a subtitle file and queues it again; undefined when the learner
 * has no such video, or it is being made or already made (nothing to replace).
 */
export async function attachSubtitles(
  db: Db,
  input: VideoKey & { cues: { text: string; start: number }[]; now: Date },
): Promise<{ video: ProcessingVideo; transcriptId: number } | undefined> {
  return db.transaction(async (tx) => {
    const [video] = await tx
      .select({
        id: userVideos.id,
        title: userVideos.title,
        transcriptId: userVideos.transcriptId,
        status: transcripts.status,
      })
      .from(userVideos)
      .innerJoin(transcripts, eq(transcripts.id, userVideos.transcriptId))
      .where(ownVideo(input))
      .for('update');
    if (!video || !['created', 'retry', 'failed'].includes(video.status)) return undefined;
    await tx
      .update(transcripts)
      .set({ status: 'created', failure: null, uploadedCues: input.cues, updatedAt: input.now })
      .where(eq(transcripts.id, video.transcriptId));
    return {
      video: { id: video.id, videoId: input.youtubeId, title: video.title, jobStatus: 'created' as const },
      transcriptId: video.transcriptId,
    };
  });
}
