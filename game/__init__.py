"""The town: world, clock, residents, scenarios, simulation, player verbs, saves, narration.

game depends on memory and never imports pygame.
"""
