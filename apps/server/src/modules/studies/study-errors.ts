import type { FastifyReply } from 'fastify';
import {
  apiError,
  describeEngineError,
  errorMessages,
  type StudyInvalidResponse,
} from '@holgura/contracts';
import { StudyFormError } from './study-form';
import { StudyInvalidError, StudyTooLargeError } from './studies.service';

/** A form or study problem as the error envelope (every problem named in `message` too). */
export async function sendStudyErrors(reply: FastifyReply, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StudyFormError) {
      return reply.status(error.status).send(apiError(error.code));
    }
    if (error instanceof StudyTooLargeError) {
      const described = describeEngineError({ code: 'STUDY_TOO_LARGE', limit: error.limit });
      return reply.status(422).send(apiError(described.code, described.message));
    }
    if (error instanceof StudyInvalidError) {
      const body: StudyInvalidResponse = {
        error: {
          code: 'STUDY_INVALID',
          message: [
            `${errorMessages.STUDY_INVALID}:`,
            ...error.problems.map((p) => `- ${p.message}`),
          ].join('\n'),
        },
        problems: error.problems,
      };
      return reply.status(422).send(body);
    }
    throw error;
  }
}
