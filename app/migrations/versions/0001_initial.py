"""Learners, submissions and hint unlocks."""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "submissions",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("learner_id", sa.String(64), sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("exercise", sa.String(200), nullable=False),
        sa.Column("code", sa.Text(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("verdict", sa.String(20), nullable=True),
        sa.Column("passed", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("report", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("graded_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_submissions_learner_id", "submissions", ["learner_id"])
    op.create_index("ix_submissions_exercise", "submissions", ["exercise"])
    op.create_index("ix_submissions_created_at", "submissions", ["created_at"])
    op.create_table(
        "hint_unlocks",
        sa.Column("learner_id", sa.String(64), sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("exercise", sa.String(200), primary_key=True),
        sa.Column("index", sa.Integer(), primary_key=True),
        sa.Column("revealed_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hint_unlocks")
    op.drop_table("submissions")
    op.drop_table("learners")
