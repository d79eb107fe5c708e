import { changePasswordSchema, updateProfileSchema } from '@coinsight/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { changePassword } from '../../services/user/password.js';
import { updateProfile } from '../../services/user/profile.js';
import { protectedProcedure } from '../trpc.js';

/** The signed-in user's own account, as REST's `/api/users/*`. */
export const userRouter = {
  updateProfile: protectedProcedure.input(updateProfileSchema).mutation(({ ctx, input }) => updateProfile(ctx.deps, input, ctx.user.id)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, input, ctx.user.id, ctx.client)),
} satisfies TRPCRouterRecord;
