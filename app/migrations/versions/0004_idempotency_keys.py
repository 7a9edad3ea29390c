"""Idempotency keys: a retried POST with the same key returns the first submission."""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "idempotency_keys",
        sa.Column("learner_id", sa.String(64), sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("submission_id", sa.String(36), sa.ForeignKey("submissions.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("idempotency_keys")
