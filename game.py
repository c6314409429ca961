"""Kozyr — a desktop card table for Azi and Durak. Run ``python game.py``."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    """Start the table (or a subcommand such as ``simulate``)."""
    import pygame

    pygame.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.display.set_caption("Kozyr")
    clock = pygame.time.Clock()
    font = pygame.font.Font(None, 64)
    running = True
    while running:
        clock.tick(60)
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        screen.fill((16, 92, 52))
        text = font.render("Kozyr", True, (240, 230, 200))
        screen.blit(text, text.get_rect(center=screen.get_rect().center))
        pygame.display.flip()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
